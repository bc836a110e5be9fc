/** Spanish texts of the web console's backofficeback-office pages; same keys as ./pt.ts. */
import type { BackofficeTranslation } from './pt.js';

export const backofficeEs: BackofficeTranslation = {
  title: 'Administración',
};
