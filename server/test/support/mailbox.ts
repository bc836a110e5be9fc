/**
 * Local stand-ins for what the alerts reach outside: a minimal SMTP server collecting the mails
 * nodemailer delivers (plain SMTP, no TLS or auth, on 127.0.0.1) and an HTTP server collecting
 * webhook calls.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface Mailbox {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

function listening(server: Server | HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

function closing(server: Server | HttpServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Speaks just enough SMTP for one client: EHLO, MAIL FROM, RCPT TO, DATA, QUIT. */
function converse(socket: Socket, mails: ReceivedMail[]): void {
  let buffer = '';
  let mail: ReceivedMail = { from: '', to: [], data: '' };
  let inData = false;
  const say = (line: string) => socket.write(`${line}\r\n`);
  say('220 mailbox.test ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          mails.push(mail);
          mail = { from: '', to: [], data: '' };
          say('250 OK: queued');
        } else {
          mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') say('250 mailbox.test');
      else if (verb === 'MAIL') (mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ''), say('250 OK');
      else if (verb === 'RCPT') mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? ''), say('250 OK');
      else if (verb === 'DATA') (inData = true), say('354 end with <CRLF>.<CRLF>');
      else if (verb === 'QUIT') say('221 bye'), socket.end();
      else say('250 OK');
    }
  });
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, mails);
  });
  const port = await listening(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async close() {
      for (const socket of sockets) socket.destroy();
      await closing(server);
    },
  };
}

export interface Hook {
  url: string;
  calls: unknown[];
  close(): Promise<void>;
}

export async function startHook(): Promise<Hook> {
  const calls: unknown[] = [];
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      calls.push(JSON.parse(body) as unknown);
      response.writeHead(204).end();
    });
  });
  const port = await listening(server);
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    async close() {
      server.closeAllConnections();
      await closing(server);
    },
  };
}
