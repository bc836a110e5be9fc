export * from './domain/index.js';
export * from './schemas/index.js';
export * from './errors/index.js';
export * from './i18n/index.js';
// Texts a lazily loaded page adds itself (not in webResources: the console's first load stays small).
export { promptsPageTexts, type PromptsPageTranslation } from './i18n/web/prompts/page/index.js';
export { queueIntegrationsPageTexts, type QueueIntegrationsPageTranslation } from './i18n/web/queueIntegrations/page/index.js';
