/**
 * A small reverse proxy for trying several nodes on one machine: each HTTP request and each
 * websocket goes to the next node in turn (no stickiness: realtime reaches every node's sockets).
 * A node that refuses a connection is passed over for a few seconds.
 */
import http from 'node:http';
import net from 'node:net';

export interface Target {
  host: string;
  port: number;
}

const RESTING_MS = 3_000;

export function startProxy(port: number, host: string, targets: Target[]): Promise<http.Server> {
  const resting = new Map<Target, number>();
  let turn = 0;
  const next = (): Target => {
    for (let tries = 0; tries < targets.length; tries++) {
      const target = targets[turn++ % targets.length]!;
      if ((resting.get(target) ?? 0) < Date.now()) return target;
    }
    return targets[turn++ % targets.length]!;
  };
  const down = (target: Target) => resting.set(target, Date.now() + RESTING_MS);
  const forwarded = (request: http.IncomingMessage) => ({ ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' });

  const server = http.createServer((request, response) => {
    const target = next();
    const upstream = http.request({ ...target, method: request.method, path: request.url, headers: forwarded(request) }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      down(target);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const target = next();
    const upstream = net.connect(target.port, target.host, () => {
      const headers = Object.entries(forwarded(request)).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((each) => `${name}: ${each}`));
      upstream.write(`${request.method} ${request.url} HTTP/${request.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => {
      down(target);
      socket.destroy();
    });
    socket.on('error', () => upstream.destroy());
  });

  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
