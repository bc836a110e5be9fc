/**
 * The server's dependencies run one way: channels (providers, the inbound pipeline, the outbound
 * sender) use the domains; domains, automation and the platform never import a channel, and reach
 * one through the ports app.ts wires (whatsapp/sessionControl.ts, messages/outboundPort.ts).
 */
import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../../src');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? sources(path.join(dir, entry.name)) : Promise.resolve(entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []))));
  return nested.flat();
}

/** The files of `from` that import something under src/<layer>. */
async function importsInto(from: string, layer: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of await sources(path.join(src, from))) {
    const code = await readFile(file, 'utf8');
    for (const match of code.matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g)) {
      const target = path.relative(src, path.resolve(path.dirname(file), match[1]!));
      if (target.split(path.sep)[0] === layer) found.push(`${path.relative(src, file)} -> ${target}`);
    }
  }
  return found;
}

describe('server layers: dependencies run one way', () => {
  for (const layer of ['domains', 'automation', 'platform']) {
    it(`${layer} import no channel`, async () => {
      expect(await importsInto(layer, 'channels')).to.deep.equal([]);
    });
  }

  it('the check sees imports: the channels do use the domains', async () => {
    expect(await importsInto('channels', 'domains')).to.not.be.empty;
  });
});
