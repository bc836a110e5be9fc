import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, signIn, signInSuper } from './support/api.js';
import { cli, cliEnv, parse, terminal, unreachableEnv, type Env } from './support/cli.js';

describe('atende: login, logout, whoami, help and exit codes', () => {
  let server: SpawnedServer;

  before(async () => {
    server = await spawnServer();
  });
  after(() => server?.stop());

  const sessionFile = (env: Env) => path.join(env.ATENDE_CONFIG_DIR!, 'session.json');

  async function loggedIn(): Promise<Env> {
    const env = await cliEnv();
    const run = await cli(['login', '--server', server.url, '--email', SERVER_SUPER_EMAIL, '--password', SERVER_SUPER_PASSWORD], env);
    expect(run.code, run.stderr).to.equal(0);
    return env;
  }

  it('shows help and the version with exit 0, in the chosen language', async () => {
    const [help, portuguese, spanish, german, version] = await Promise.all([
      cli(['--help'], await cliEnv()),
      cli(['companies', 'renew', '--help', '--lang', 'pt'], await cliEnv()),
      cli(['db', '--help'], await cliEnv({ LANG: 'es_ES.UTF-8', ATENDE_LANGUAGE: '' })),
      cli(['db', '--help'], await cliEnv({ LANG: 'de_DE.UTF-8', ATENDE_LANGUAGE: '' })),
      cli(['--version'], await cliEnv()),
    ]);
    expect(help.code).to.equal(0);
    for (const command of ['login', 'companies', 'plans', 'users', 'settings', 'connections', 'send', 'sandbox', 'contacts', 'flows', 'db']) expect(help.stdout).to.match(new RegExp(`^  ${command}\\b`, 'm'));
    expect(help.stdout).to.include('Exit codes: 0 success');
    expect(portuguese.stdout).to.include('avança o vencimento pela recorrência').and.include('Exemplos:');
    expect(spanish.stdout).to.include('el motor de base de datos');
    // A terminal in a language Atende lacks reads English.
    expect(german).to.include({ code: 0 });
    expect(german.stdout).to.include('database engine');
    expect(version).to.include({ code: 0 });
    expect(version.stdout.trim()).to.match(/^\d+\.\d+\.\d+$/);
  });

  it('answers 1 to usage errors: unknown command or option, bad language, missing or invalid values without a terminal', async () => {
    const env = await cliEnv();
    const [unknownCommand, unknownOption, badLanguage, missing, invalid, badServer, noServer] = await Promise.all([
      cli(['frobnicate'], env),
      cli(['whoami', '--frobnicate'], env),
      cli(['whoami', '--lang', 'de'], env),
      cli(['login', '--server', server.url], env),
      cli(['login', '--server', server.url, '--email', 'not-an-email', '--password', 'x'], env),
      cli(['login', '--server', 'ftp://example.com', '--email', 'a@b.test', '--password', 'x'], env),
      cli(['whoami'], env),
    ]);
    for (const run of [unknownCommand, unknownOption, badLanguage, missing, invalid, badServer, noServer]) expect(run.code, run.stderr).to.equal(1);
    expect(missing.stderr).to.include('Missing --email');
    expect(invalid.stderr).to.include('Invalid --email: Invalid email');
    expect(badServer.stderr).to.include('Invalid server address');
    expect(noServer.stderr).to.include('No server');
  });

  it('logs in, saves the session with mode 0600, and whoami reads it (text and JSON)', async () => {
    const env = await loggedIn();
    const file = await stat(sessionFile(env));
    expect(file.mode & 0o777).to.equal(0o600);
    const saved = JSON.parse(await readFile(sessionFile(env), 'utf8')) as { server: string; token: string; refreshToken?: string };
    expect(saved.server).to.equal(server.url);
    expect(saved.token).to.be.a('string');
    expect(saved.refreshToken).to.be.a('string');

    const text = await cli(['whoami'], env);
    expect(text.code).to.equal(0);
    expect(text.stdout).to.match(/E-mail:\s+super@atende\.test/).and.match(/admin \(super\)/);
    const json = parse<{ server: string; user: { email: string; super: boolean } }>(await cli(['whoami', '--json'], env));
    expect(json.server).to.equal(server.url);
    expect(json.user).to.include({ email: SERVER_SUPER_EMAIL, super: true });
  });

  it('ATENDE_SERVER and ATENDE_PASSWORD feed login; ATENDE_TOKEN works without saving anything', async () => {
    const env = await cliEnv({ ATENDE_SERVER: server.url, ATENDE_PASSWORD: SERVER_SUPER_PASSWORD });
    expect((await cli(['login', '--email', SERVER_SUPER_EMAIL, '--json'], env)).code).to.equal(0);

    const operator = await signInSuper(server.url);
    const tokenEnv = await cliEnv({ ATENDE_SERVER: server.url, ATENDE_TOKEN: operator.token });
    const run = await cli(['whoami', '--json'], tokenEnv);
    expect(parse<{ user: { email: string } }>(run).user.email).to.equal(SERVER_SUPER_EMAIL);
    expect(await stat(sessionFile(tokenEnv)).catch(() => null), 'nothing saved').to.equal(null);
  });

  it('answers 2 with the translated catalogue text when the server refuses', async () => {
    const env = await cliEnv();
    const wrong = ['--server', server.url, '--email', SERVER_SUPER_EMAIL, '--password', 'wrong-password'];
    const [english, portuguese, json, notLoggedIn, badToken] = await Promise.all([
      cli(['login', ...wrong], env),
      cli(['login', '--lang', 'pt', ...wrong], env),
      cli(['login', '--json', ...wrong], env),
      cli(['whoami', '--server', server.url], env),
      cli(['whoami'], await cliEnv({ ATENDE_SERVER: server.url, ATENDE_TOKEN: 'not-a-token' })),
    ]);
    for (const run of [english, portuguese, json, notLoggedIn, badToken]) expect(run.code, run.stderr).to.equal(2);
    expect(english.stderr).to.include('ERR_INVALID_CREDENTIALS: Authentication error. Please check your email and password.');
    expect(portuguese.stderr).to.include('ERR_INVALID_CREDENTIALS: Erro de autenticação');
    expect(JSON.parse(json.stderr)).to.include({ error: 'ERR_INVALID_CREDENTIALS', exitCode: 2 });
    expect(notLoggedIn.stderr).to.include('ERR_UNAUTHENTICATED').and.include('atende login');
  });

  it('answers 3 when the server cannot be reached', async () => {
    const env = await unreachableEnv();
    const [whoami, login] = await Promise.all([cli(['whoami'], env), cli(['login', '--email', SERVER_SUPER_EMAIL, '--password', 'x'], env)]);
    expect(whoami.code).to.equal(3);
    expect(whoami.stderr).to.include('Cannot reach the server');
    expect(login.code).to.equal(3);
  });

  it('logs out: the server session ends and the file is removed; logging out twice is harmless', async () => {
    const env = await loggedIn();
    const token = (JSON.parse(await readFile(sessionFile(env), 'utf8')) as { token: string }).token;
    const out = await cli(['logout'], env);
    expect(out.code).to.equal(0);
    expect(out.stdout).to.include(`Logged out of ${server.url}`);
    expect(await stat(sessionFile(env)).catch(() => null)).to.equal(null);
    const revoked = await cli(['whoami'], await cliEnv({ ATENDE_SERVER: server.url, ATENDE_TOKEN: token }));
    expect(revoked.code, 'the ended session no longer works').to.equal(2);
    const again = await cli(['logout', '--json', '--server', server.url], env);
    expect(parse<{ loggedOut: boolean }>(again).loggedOut).to.equal(false);
  });

  it("keeps a session of its own: a console's sign-in leaves it alone, and it ends with the user's password or the user", async () => {
    const tenant = await createTenant(server.url, await signInSuper(server.url));
    const member = await createMember(server.url, tenant);
    const env = await cliEnv();
    const signInCli = (password: string) => cli(['login', '--server', server.url, '--email', member.email, '--password', password], env);
    expect((await signInCli('member-pass')).code).to.equal(0);
    // A console (the web, the terminal inbox) signing in elsewhere does not end the CLI's session.
    await signIn(server.url, member.email, 'member-pass');
    expect((await cli(['whoami'], env)).code).to.equal(0);

    // The attack: someone who knew the old password keeps no CLI session once it is changed.
    await tenant.admin.api.users.update(member.id, { password: 'member-pass-2' });
    const afterPassword = await cli(['whoami'], env);
    expect(afterPassword.code, `ended by the new password: ${afterPassword.stderr}`).to.equal(2);
    expect((await signInCli('member-pass-2')).code).to.equal(0);
    expect((await cli(['whoami'], env)).code).to.equal(0);
    await tenant.admin.api.users.remove(member.id);
    expect((await cli(['whoami'], env)).code, 'ended with its user').to.equal(2);
  });

  it('at a terminal, asks for what is missing and checks it with the shared rules', async () => {
    const env = await cliEnv();
    const term = terminal(['login'], env);
    await term.waitFor('Server address');
    term.type(`${server.url}\r`);
    await term.waitFor('E-mail');
    term.type('not-an-email\r');
    await term.waitFor('Invalid email');
    term.type(`${'\x7f'.repeat('not-an-email'.length)}${SERVER_SUPER_EMAIL}\r`);
    await term.waitFor('Password');
    term.type(`${SERVER_SUPER_PASSWORD}\r`);
    await term.waitFor(`Logged in as Admin on ${server.url}`);
    expect(await term.exit).to.equal(0);
    expect(term.screen(), 'the password is never shown').not.to.include(SERVER_SUPER_PASSWORD);
    const whoami = await cli(['whoami', '--json'], env);
    expect(parse<{ user: { email: string } }>(whoami).user.email).to.equal(SERVER_SUPER_EMAIL);
  });
});
