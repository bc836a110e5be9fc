/**
 * A real HTTP server on a loopback address that counts every connection made to it and records
 * every request: what an SSRF probe aims at. "Nothing reached it" is `connections === 0`, stronger
 * than no request (a port scan needs only the connection).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listener {
  host: string;
  port: number;
  /** http://host:port (IPv6 in brackets). */
  origin: string;
  connections: number;
  requests: { method: string; path: string; host: string }[];
  close(): Promise<void>;
}

export async function listen(options: { host?: string; port?: number; respond?: (request: IncomingMessage, response: ServerResponse) => void } = {}): Promise<Listener> {
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer((request, response) => {
    state.requests.push({ method: request.method ?? '', path: request.url ?? '', host: request.headers.host ?? '' });
    request.resume();
    request.on('end', () => {
      if (options.respond) options.respond(request, response);
      else {
        response.setHeader('content-type', 'application/json');
        response.end('{"secret":"internal answer"}');
      }
    });
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const state: Listener = {
    host,
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}

/** A listener that answers every request with a redirect to `location`. */
export function redirector(location: () => string, status = 302, host?: string): Promise<Listener> {
  return listen({
    ...(host ? { host } : {}),
    respond: (_request, response) => {
      response.writeHead(status, { location: location() });
      response.end();
    },
  });
}
