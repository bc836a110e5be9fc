/** The platform's outgoing e-mail server, set by super users (issue 16: password reset by e-mail). */

export const SMTP_DEFAULT_PORT = 587;

/** GET /settings/smtp: the password is never answered, only whether one is set. */
export interface MailSettings {
  host: string;
  port: number;
  user: string;
  /** Sender address, e.g. `Atende <no-reply@example.com>`. */
  from: string;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  passwordSet: boolean;
  /** What sends e-mail now: these settings, the environment's ATENDE_SMTP_URL, or nothing. */
  source: 'settings' | 'environment' | null;
}
