/**
 * The outbound module (issue 29, platform/net): which addresses a call for a company may reach,
 * in every way an address can be written; the operator's allow-list; and the guarded fetch itself
 * against real listeners: pinned to the address it checked (no DNS rebinding), every redirect
 * checked, what comes back bounded. The same attacks through the public API: security/ssrf.test.ts.
 */
import { expect } from 'chai';
import zlib from 'node:zlib';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { refusedRange } from '../../src/platform/net/addresses.js';
import { parseAllowList } from '../../src/platform/net/allowList.js';
import { MAX_REDIRECTS } from '../../src/platform/net/fetch.js';
import { OutboundRefused, REFUSED_ADDRESS, type Resolve } from '../../src/platform/net/guard.js';
import { createOutbound } from '../../src/platform/net/outbound.js';
import { ConfigError, loadConfig } from '../../src/platform/config.js';
import { listen, redirector, type Listener } from '../support/listener.js';
import { privateForms } from '../support/privateAddresses.js';

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('it did not fail');
}

describe('outbound calls: addresses a company may make the server call (issue 29)', () => {
  describe('which addresses', () => {
    it('refuses loopback, private, CGNAT, link-local, unique-local, multicast, unspecified, broadcast and reserved, in IPv4 and IPv6', () => {
      const refused = ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.127.255.255', '169.254.169.254', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b:1::1', '2002:7f00:1::1', '2002:c0a8:101::1'];
      expect(refused.filter((address) => refusedRange(address) === null)).to.deep.equal([]);
      const allowed = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];
      expect(allowed.filter((address) => refusedRange(address) !== null)).to.deep.equal([]);
    });

    it('refuses at save every written form of a private address and localhost names, without asking DNS; accepts public ones and names', () => {
      const resolve: Resolve = () => Promise.reject(new Error('save time must not ask DNS'));
      const { guard } = createOutbound(parseAllowList(''), resolve);
      const accepted = privateForms(8080).filter((form) => guard.refusedWithoutDns(new URL(form)) === null);
      expect(accepted).to.deep.equal([]);
      for (const form of ['https://api.openai.com/v1', 'http://8.8.8.8:5678/webhook', 'https://[2606:4700:4700::1111]/', 'https://n8n.example.com/webhook/x']) {
        expect(guard.refusedWithoutDns(new URL(form)), form).to.equal(null);
      }
      expect(guard.refusedWithoutDns(new URL('ftp://example.com/'))?.reason).to.equal('scheme');
      expect(guard.refusedWithoutDns(new URL('http://user:pass@example.com/'))?.reason).to.equal('credentials');
    });
  });

  describe("the operator's allow-list", () => {
    it('reads IPs, CIDRs, names and *.subdomains, each with an optional port, and allows only what it names', () => {
      const list = parseAllowList('127.0.0.1:11434, 10.0.0.0/8 [::1]:8080 n8n.internal:5678 *.lan fd00::/8');
      expect(list.allowsAddress('127.0.0.1', 11434)).to.equal(true);
      expect(list.allowsAddress('127.0.0.1', 11435), 'another port of the same machine').to.equal(false);
      expect(list.allowsAddress('::ffff:127.0.0.1', 11434), 'the same address, IPv4-mapped').to.equal(true);
      expect(list.allowsAddress('10.200.0.9', 22)).to.equal(true);
      expect(list.allowsAddress('11.0.0.1', 22)).to.equal(false);
      expect(list.allowsAddress('::1', 8080)).to.equal(true);
      expect(list.allowsAddress('fd00::5', 1)).to.equal(true);
      expect(list.allowsHost('N8N.internal.', 5678)).to.equal(true);
      expect(list.allowsHost('n8n.internal', 80)).to.equal(false);
      expect(list.allowsHost('ollama.home.lan', 11434)).to.equal(true);
      expect(list.allowsHost('lan', 11434), '*.lan names subdomains only').to.equal(false);
    });

    it('a wrong entry stops the start with a message naming the variable', () => {
      for (const wrong of ['127.0.0.1:0', '10.0.0.0/33', 'http://10.0.0.1', '[::1', 'bad_host!']) {
        const err = (() => {
          try {
            loadConfig({ ATENDE_OUTBOUND_ALLOW: wrong, JWT_SECRET: 'x'.repeat(16), JWT_REFRESH_SECRET: 'y'.repeat(16) });
          } catch (caught) {
            return caught as Error;
          }
          return null;
        })();
        expect(err, wrong).to.be.instanceOf(ConfigError);
        expect(err!.message).to.include('ATENDE_OUTBOUND_ALLOW');
      }
    });
  });

  describe('the guarded fetch', () => {
    let target: Listener;
    let trusted: Listener;
    const open: Listener[] = [];
    before(async () => {
      // Two loopback addresses on one machine: the allowed service and what must never be reached.
      target = await listen({ host: '127.0.0.1' });
      trusted = await listen({ host: '127.0.0.2' });
      open.push(target, trusted);
    });
    after(() => Promise.all(open.map((each) => each.close())));
    beforeEach(() => {
      target.connections = 0;
      target.requests.length = 0;
      trusted.requests.length = 0;
    });

    it('connects to the address it checked: a name answering another address on the next lookup (DNS rebinding) reaches nothing else', async () => {
      const answers = ['127.0.0.2', '127.0.0.1'];
      let lookups = 0;
      const resolve: Resolve = async () => [{ address: answers[Math.min(lookups++, answers.length - 1)]!, family: 4 }];
      const outbound = createOutbound(parseAllowList(`127.0.0.2:${trusted.port}`), resolve);
      // The system resolver does not know this name: only the checked address can have been used.
      const first = await outbound.fetch(`http://rebind.ssrf.test:${trusted.port}/first`);
      expect(first.status).to.equal(200);
      expect(trusted.requests).to.deep.equal([{ method: 'GET', path: '/first', host: `rebind.ssrf.test:${trusted.port}` }]);
      expect(lookups, 'one lookup per call: the connection asks no other').to.equal(1);
      const second = await failure(outbound.fetch(`http://rebind.ssrf.test:${target.port}/second`));
      expect(second).to.be.instanceOf(OutboundRefused);
      expect(second.message).to.equal(REFUSED_ADDRESS);
      expect(target.connections).to.equal(0);
    });

    it('refuses a name one of whose addresses is private, and one that does not resolve, in the same words', async () => {
      const mixed = createOutbound(parseAllowList(''), async () => [{ address: '8.8.8.8', family: 4 }, { address: '127.0.0.1', family: 4 }]);
      const nowhere = createOutbound(parseAllowList(''), async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })));
      const a = await failure(mixed.fetch(`http://mixed.ssrf.test:${target.port}/`));
      const b = await failure(nowhere.fetch(`http://nowhere.ssrf.test:${target.port}/`));
      expect([a.message, b.message]).to.deep.equal([REFUSED_ADDRESS, REFUSED_ADDRESS]);
      expect(target.connections).to.equal(0);
    });

    it('every written form of a local address is refused before any connection', async () => {
      const outbound = createOutbound(parseAllowList(''));
      for (const form of privateForms(target.port)) {
        const err = await failure(outbound.fetch(form, {}, { timeoutMs: 2_000 }));
        expect(err, form).to.be.instanceOf(OutboundRefused);
      }
      expect(target.connections).to.equal(0);
    });

    it('checks every redirect: an allowed server sending the call to a local port is refused at that hop', async () => {
      const hop = await redirector(() => `http://127.0.0.1:${target.port}/internal`, 307, '127.0.0.2');
      open.push(hop);
      const outbound = createOutbound(parseAllowList(`127.0.0.2:${hop.port}`));
      const err = await failure(outbound.fetch(`http://127.0.0.2:${hop.port}/start`, { method: 'POST', body: '{}' }));
      expect(err).to.be.instanceOf(OutboundRefused);
      expect(hop.requests.map((request) => request.path)).to.deep.equal(['/start']);
      expect(target.connections).to.equal(0);
      // Allowed hops are followed, each checked, up to a limit.
      const loop = await redirector(() => `http://127.0.0.2:${loop.port}/again`, 302, '127.0.0.2');
      open.push(loop);
      const looping = createOutbound(parseAllowList(`127.0.0.2:${loop.port}`));
      const tooMany = await failure(looping.fetch(`http://127.0.0.2:${loop.port}/`));
      expect(tooMany).to.be.instanceOf(TypeError);
      expect(loop.requests).to.have.length(MAX_REDIRECTS + 1);
    });

    it("an address the operator set in the environment is allowed for the operator's calls only", async () => {
      const outbound = createOutbound(parseAllowList(''));
      const operatorUrl = `http://127.0.0.2:${trusted.port}/alerts`;
      const operator = outbound.forOperatorAddress(operatorUrl);
      expect((await operator.fetch(operatorUrl, { method: 'POST', body: '{}' })).status).to.equal(200);
      expect(await failure(outbound.fetch(operatorUrl))).to.be.instanceOf(OutboundRefused);
      // Its host and port only: the machine's other services stay out of reach.
      expect(await failure(operator.fetch(`http://127.0.0.1:${target.port}/`))).to.be.instanceOf(OutboundRefused);
      expect(trusted.requests.map((request) => request.path)).to.deep.equal(['/alerts']);
      expect(target.connections).to.equal(0);
    });

    it('bounds what comes back, decoded: a compressed bomb stops at the limit', async () => {
      const bomb = await listen({
        host: '127.0.0.2',
        respond: (_request, response) => {
          response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
          response.end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024)));
        },
      });
      open.push(bomb);
      const outbound = createOutbound(parseAllowList(`127.0.0.2:${bomb.port}`));
      const answer = await outbound.fetch(`http://127.0.0.2:${bomb.port}/`, {}, { maxBytes: 64 * 1024 });
      const err = await failure(answer.arrayBuffer());
      expect(err.message).to.include('larger than 65536 bytes');
    });

    it('only this module calls out: no other server file uses the global fetch, node:http(s) clients or an openai client without it', async () => {
      const src = path.resolve(import.meta.dirname, '../../src');
      async function files(dir: string): Promise<string[]> {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : Promise.resolve(entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []))));
        return nested.flat();
      }
      const offenders: string[] = [];
      for (const file of await files(src)) {
        const name = path.relative(src, file);
        if (name.startsWith(`platform${path.sep}net${path.sep}`)) continue;
        const code = await readFile(file, 'utf8');
        if (/(?<![.\w])fetch\(/.test(code)) offenders.push(`${name}: the global fetch`);
        if (/\bhttps?\.(request|get)\(|from 'undici'|from 'axios'/.test(code)) offenders.push(`${name}: an HTTP client`);
        if (/new OpenAI\(/.test(code) && !/\bfetch:/.test(code)) offenders.push(`${name}: an openai client without the outbound fetch`);
      }
      expect(offenders).to.deep.equal([]);
    });
  });
});
