/** English texts of the operator CLI; same keys as ./pt.ts (enforced by the type). */
import type { CliTranslation } from './pt.js';

export const cliEn: CliTranslation = {
  description: 'Atende command line for operators',
};
