/** Spanish texts of the terminal inbox; same keys as ./pt.ts (enforced by the type). */
import type { TuiTranslation } from './pt.js';

export const tuiEs: TuiTranslation = {
  description: 'Bandeja de entrada de Atende en la terminal',
};
