/** Returns the absolute path of the pinned FerretDB binary, building it with Go if needed. */
export function ensureFerretdb(options?: { log?: (msg: string) => void }): Promise<string>;
