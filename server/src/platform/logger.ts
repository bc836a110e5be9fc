import { pino, type Logger } from 'pino';

export type { Logger };

/** Keys whose values are secrets wherever a logged object carries them (an error's fields too). */
const SECRET_KEYS = ['password', 'newPassword', 'passwordHash', 'token', 'apiKey', 'secret', 'authorization', 'cookie', 'codeHash'];

/**
 * A URL as logged: without its credentials and query string (signatures and tokens travel there;
 * a company's endpoint or a Typebot's media link may carry them).
 */
function loggedUrl(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const url = new URL(value);
    url.username = '';
    url.password = '';
    return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return '[not a URL]';
  }
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    base: { service: 'atende' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', ...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`), '*.headers.authorization', '*.headers.cookie'], censor: '[redacted]' },
    serializers: { url: loggedUrl },
  };
  return destination ? pino(options, destination) : pino(options);
}
