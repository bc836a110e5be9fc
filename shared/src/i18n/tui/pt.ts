/** Portuguese texts of the terminal inbox (`atende-inbox`); the reference shape of the en and es files beside it. */
export const tuiPt = {
  description: 'Caixa de entrada do Atende no terminal',
};

export type TuiTranslation = typeof tuiPt;
