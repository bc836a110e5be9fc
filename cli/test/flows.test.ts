import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Flow, FlowExport, FlowGraph } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, signInSuper, type Signed, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, unreachableEnv, type Env } from './support/cli.js';

const GRAPH = {
  nodes: [
    { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
    { id: 'm1', type: 'message', position: { x: 240, y: 0 }, data: { label: 'Olá!' } },
  ],
  connections: [{ id: 'e1', source: '1', target: 'm1', sourceHandle: 'a', targetHandle: null }],
} as unknown as FlowGraph;

describe('atende flows list/export/import', () => {
  let server: SpawnedServer;
  let tenant: Tenant;
  let adminEnv: Env;
  let userEnv: Env;
  let sales: Flow;

  const file = (name: string) => path.join(adminEnv.ATENDE_CONFIG_DIR!, name);

  before(async () => {
    server = await spawnServer();
    const operator: Signed = await signInSuper(server.url);
    tenant = await createTenant(server.url, operator);
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    const user = await createMember(server.url, tenant, 'user');
    userEnv = await sessionEnv(server.url, user.api.session.get()!);
    sales = await tenant.admin.api.flows.createFlow('Vendas');
    await tenant.admin.api.flows.saveFlow({ idFlow: sales.id, ...GRAPH });
    await tenant.admin.api.flows.updateFlow((await tenant.admin.api.flows.createFlow('Arquivo')).id, { active: false });
  });
  after(() => server?.stop());

  it('lists the flows as a table or JSON, searched', async () => {
    const text = await cli(['flows', 'list'], userEnv);
    expect(text.code, text.stderr).to.equal(0);
    expect(text.stdout).to.match(/^ID\s+Name\s+Status\s+Changed$/m);
    expect(text.stdout).to.match(new RegExp(`^${sales.id}\\s+Vendas\\s+Active\\s+`, 'm')).and.match(/\sArquivo\s+Inactive\s/);
    const json = parse<Flow[]>(await cli(['flows', 'list', '--search', 'vend', '--json'], userEnv));
    expect(json.map((flow) => flow.id)).to.deep.equal([sales.id]);
  });

  it('exports to a file or the output and imports it back under a free name', async () => {
    const written = await cli(['flows', 'export', sales.id, '-o', file('vendas.json')], adminEnv);
    expect(written.code, written.stderr).to.equal(0);
    expect(written.stdout).to.include(`Flow Vendas written to ${file('vendas.json')}.`);
    const exported = JSON.parse(await readFile(file('vendas.json'), 'utf8')) as FlowExport;
    expect(exported).to.deep.include({ format: 'atende-flow', version: 1, name: 'Vendas', active: true });
    expect(exported.flow?.nodes.map((node) => node.id)).to.deep.equal(['1', 'm1']);
    const piped = await cli(['flows', 'export', sales.id], userEnv);
    expect(JSON.parse(piped.stdout)).to.deep.equal(exported);

    const imported = parse<Flow>(await cli(['flows', 'import', file('vendas.json'), '--json'], adminEnv));
    expect(imported.name).to.equal('Vendas (2)');
    expect((await tenant.admin.api.flows.getFlow(imported.id)).flow.flow).to.deep.equal(exported.flow);
    const again = await cli(['flows', 'import', file('vendas.json')], adminEnv);
    expect(again.stdout).to.match(/^Flow Vendas \(3\) created \([0-9a-f]{24}\)\.$/m);
  });

  it('exit codes: 1 for unreadable or non-JSON files, 2 for refusals (translated), 3 when the server is down', async () => {
    await writeFile(file('broken.json'), '{ not json');
    await writeFile(file('wrong.json'), JSON.stringify({ format: 'other', version: 1, name: 'X', flow: null }));
    const [missing, broken, wrong, unknown, forbidden, portuguese, down] = await Promise.all([
      cli(['flows', 'import', file('nothing.json')], adminEnv),
      cli(['flows', 'import', file('broken.json')], adminEnv),
      cli(['flows', 'import', file('wrong.json')], adminEnv),
      cli(['flows', 'export', '0123456789abcdef01234567'], adminEnv),
      cli(['flows', 'import', file('vendas.json')], userEnv),
      cli(['flows', 'export', '0123456789abcdef01234567', '--lang', 'pt'], adminEnv),
      cli(['flows', 'list'], await unreachableEnv()),
    ]);
    expect(missing.code).to.equal(1);
    expect(broken.code).to.equal(1);
    expect(broken.stderr).to.include('is not an exported flow (JSON)');
    expect(wrong.code).to.equal(2);
    expect(wrong.stderr).to.include('ERR_VALIDATION').and.include('(format)');
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include('ERR_NO_FLOW_FOUND: Flow not found.');
    expect(forbidden.code).to.equal(2);
    expect(forbidden.stderr).to.include('ERR_NO_PERMISSION');
    expect(portuguese.stderr).to.include('Fluxo não encontrado.');
    expect(down.code).to.equal(3);
  });

  it('shows its help in the chosen language', async () => {
    const [english, spanish] = await Promise.all([cli(['flows', '--help'], adminEnv), cli(['flows', 'export', '--help', '--lang', 'es'], adminEnv)]);
    expect(english.stdout).to.include('flow builder flows').and.match(/^\s+list\b/m).and.match(/^\s+import\b/m);
    expect(spanish.stdout).to.include('guarda un flujo en un archivo JSON').and.include('atende flows export');
  });
});
