/** Portuguese texts of the operator CLI (`atende`); the reference shape of the en and es files beside it. */
export const cliPt = {
  description: 'Linha de comando do Atende para operadores',
};

export type CliTranslation = typeof cliPt;
