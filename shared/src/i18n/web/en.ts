/** English texts of the web console; same keys as ./pt.ts (enforced by the type). */
import type { WebTranslation } from './pt.js';

export const webEn: WebTranslation = {
  description: 'Atende web console',
};
