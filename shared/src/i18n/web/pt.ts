/** Portuguese texts of the web console; the reference shape of the en and es files beside it. */
export const webPt = {
  description: 'Console web do Atende',
};

export type WebTranslation = typeof webPt;
