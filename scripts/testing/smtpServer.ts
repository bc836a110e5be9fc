/**
 * A real SMTP server in-process (the smtp-server package), with AUTH, collecting what it receives:
 * the stand-in for the mail server password resets are e-mailed through.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  from: string;
  to: string[];
  /** The raw message, quoted-printable soft breaks joined. */
  raw: string;
}

export interface SmtpStandIn {
  host: string;
  port: number;
  user: string;
  password: string;
  messages: ReceivedMessage[];
  /** Logins refused for a wrong user or password. */
  refusedLogins: number;
  close(): Promise<void>;
}

export async function startSmtpServer(credentials = { user: 'mailer', password: 'mail-secret' }): Promise<SmtpStandIn> {
  const messages: ReceivedMessage[] = [];
  let refusedLogins = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username });
      refusedLogins += 1;
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)));
  return {
    host: '127.0.0.1',
    port,
    ...credentials,
    messages,
    get refusedLogins() {
      return refusedLogins;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of the last message to that address. */
export function lastCodeFor(smtp: SmtpStandIn, email: string): string | null {
  const message = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  const body = message?.raw.split(/\r?\n\r?\n/).slice(1).join('\n') ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1] ?? null;
}
