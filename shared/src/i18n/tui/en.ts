/** English texts of the terminal inbox; same keys as ./pt.ts (enforced by the type). */
import type { TuiTranslation } from './pt.js';

export const tuiEn: TuiTranslation = {
  description: 'Atende inbox in the terminal',
};
