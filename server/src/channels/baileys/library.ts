/**
 * The Baileys library, loaded on first use through import(). Baileys depends on an ESM-only
 * package (whatsapp-rust-bridge exports an "import" condition only) that the CommonJS path
 * mocha and tsx try first cannot resolve: a static import here would make every module reaching
 * the channel layer (the whole app) unloadable in the tests. Only types are imported statically;
 * values come from `baileys()` once `loadBaileys()` resolved (the provider's start awaits it).
 */
export type Baileys = typeof import('@whiskeysockets/baileys');

let library: Baileys | undefined;
let loading: Promise<Baileys> | undefined;

export function loadBaileys(): Promise<Baileys> {
  loading ??= import('@whiskeysockets/baileys').then((loaded) => {
    library = loaded;
    return loaded;
  });
  return loading;
}

/** The loaded library (a programming error before loadBaileys() resolved). */
export function baileys(): Baileys {
  if (!library) throw new Error('Baileys is not loaded: await loadBaileys() first');
  return library;
}
