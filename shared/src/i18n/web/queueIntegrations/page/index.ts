/** The queue integrations page's texts in every language, for the page to add when it loads (not in webResources). */
import type { Language } from '../../../../domain/enums.js';
import { queueIntegrationsPageEn } from './en.js';
import { queueIntegrationsPageEs } from './es.js';
import { queueIntegrationsPagePt, type QueueIntegrationsPageTranslation } from './pt.js';

export type { QueueIntegrationsPageTranslation };

export const queueIntegrationsPageTexts: Record<Language, QueueIntegrationsPageTranslation> = { pt: queueIntegrationsPagePt, en: queueIntegrationsPageEn, es: queueIntegrationsPageEs };
