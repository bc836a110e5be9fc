/**
 * The one way the server calls an address a company gave (issue 29): a `fetch` with the same
 * shape as the global one, that checks every address through the guard, connects to the address
 * it checked (a `lookup` that answers only that one: no DNS rebinding), follows redirects itself
 * (at most MAX_REDIRECTS, each hop checked again), and bounds what comes back: a deadline for the
 * whole exchange and a size for the body once decoded.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { Guard, Target } from './guard.js';

export const MAX_REDIRECTS = 5;

export interface OutboundLimits {
  /** The whole exchange, body included (default 30 s). */
  timeoutMs?: number;
  /** The longest body read, decoded (default 4 MB); a longer one fails the read. */
  maxBytes?: number;
}

export type OutboundFetch = (input: string | URL | Request, init?: RequestInit, limits?: OutboundLimits) => Promise<Response>;

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The connection's DNS answer: only the checked addresses, whatever is asked (all of them lets it try each family). */
function pinned(target: Target): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = target.addresses;
    if (options.all) callback(null, target.addresses);
    else callback(null, first!.address, first!.family);
  };
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
  if (!decoder) return response;
  // A connection lost mid-body fails the read rather than leaving it waiting.
  response.on('error', (err) => decoder.destroy(err));
  return response.pipe(decoder);
}

/** The body, failing once more than `maxBytes` came (a decompression bomb stops there too). */
function bounded(source: Readable, maxBytes: number): Readable {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new Error(`the answer is larger than ${maxBytes} bytes`) : null, chunk);
    },
  });
  source.on('error', (err) => counter.destroy(err));
  return source.pipe(counter);
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    // The body is handed over decoded.
    if (name !== 'content-encoding' && name !== 'content-length') headers.append(raw[i]!, raw[i + 1]!);
  }
  return headers;
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

function send(hop: Hop, target: Target, signal: AbortSignal): Promise<IncomingMessage> {
  const secure = hop.url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      protocol: hop.url.protocol,
      hostname: target.host,
      port: target.port,
      path: `${hop.url.pathname}${hop.url.search}`,
      method: hop.method,
      headers: { ...hop.headers, host: hop.url.host },
      lookup: pinned(target),
      // TLS checks the certificate against the name (no SNI for an IP written in the URL).
      ...(secure && !isIP(target.host) ? { servername: target.host } : {}),
      agent: false,
      signal,
    });
    request.on('response', resolve);
    request.on('error', (err) => reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: err })));
    request.end(hop.body ?? undefined);
  });
}

/** The next hop of a redirect, as fetch would make it (303, and POST on 301/302, become GET). */
function redirected(hop: Hop, status: number, location: string): Hop {
  const url = new URL(location, hop.url);
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  const headers = { ...hop.headers };
  if (toGet) for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name];
  // Credentials of one origin never go to another.
  if (url.origin !== hop.url.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) delete headers[name];
  return { url, method: toGet ? 'GET' : hop.method, headers, body: toGet ? null : hop.body };
}

export function createOutboundFetch(guard: Guard): OutboundFetch {
  return async (input, init, limits = {}) => {
    // Before Request is built: it would refuse credentials with a message of its own.
    guard.checkForm(new URL(input instanceof Request ? input.url : String(input)));
    const request = new Request(input, init);
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(limits.timeoutMs ?? DEFAULT_TIMEOUT_MS)]);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers['accept-encoding'] = 'gzip, deflate, br';
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    if (body) headers['content-length'] = String(body.length);
    let hop: Hop = { url: new URL(request.url), method: request.method, headers, body };
    for (let redirects = 0; ; redirects += 1) {
      const target = await guard.target(hop.url, signal);
      const response = await send(hop, target, signal);
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 599) {
        response.destroy();
        throw new TypeError('fetch failed', { cause: new Error(`HTTP status ${status}`) });
      }
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location && request.redirect !== 'manual') {
        response.resume();
        if (request.redirect === 'error') throw new TypeError('fetch failed', { cause: new Error('redirected') });
        if (redirects >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error(`more than ${MAX_REDIRECTS} redirects`) });
        hop = redirected(hop, status, location);
        continue;
      }
      const empty = NULL_BODY.has(status) || hop.method === 'HEAD';
      if (empty) response.resume();
      const stream = empty ? null : bounded(decoded(response), limits.maxBytes ?? DEFAULT_MAX_BYTES);
      signal.addEventListener('abort', () => stream?.destroy(signal.reason), { once: true });
      const answer = new Response(stream ? (Readable.toWeb(stream) as ReadableStream<Uint8Array>) : null, { status, statusText: response.statusMessage ?? '', headers: headersOf(response) });
      Object.defineProperty(answer, 'url', { value: hop.url.href });
      Object.defineProperty(answer, 'redirected', { value: redirects > 0 });
      return answer;
    }
  };
}
