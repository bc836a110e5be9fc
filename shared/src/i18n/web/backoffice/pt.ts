/** Portuguese texts of the web console's backofficeback-office pages; the reference shape of en and es. */
export const backofficePt = {
  title: 'backofficeAdministração',
};

export type BackofficeTranslation = typeof backofficePt;
