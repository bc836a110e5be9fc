/** The colour emoji font's package is CSS only (font faces), imported for its side effect. */
declare module '@infolektuell/noto-color-emoji';
