/** Spanish texts of the operator CLI; same keys as ./pt.ts (enforced by the type). */
import type { CliTranslation } from './pt.js';

export const cliEs: CliTranslation = {
  description: 'Línea de comandos de Atende para operadores',
};
