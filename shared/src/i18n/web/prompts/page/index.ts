/** The prompts page's texts in every language, for the page to add when it loads (not in webResources). */
import type { Language } from '../../../../domain/enums.js';
import { promptsPageEn } from './en.js';
import { promptsPageEs } from './es.js';
import { promptsPagePt, type PromptsPageTranslation } from './pt.js';

export type { PromptsPageTranslation };

export const promptsPageTexts: Record<Language, PromptsPageTranslation> = { pt: promptsPagePt, en: promptsPageEn, es: promptsPageEs };
