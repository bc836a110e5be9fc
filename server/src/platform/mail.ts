/**
 * Outgoing e-mail through the SMTP server of the configuration (ATENDE_SMTP_URL). Without one,
 * nothing is sent and `configured` is false: callers that e-mail "where configured" check it.
 */
import nodemailer from 'nodemailer';
import type { MailConfig } from './config.js';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailer {
  readonly configured: boolean;
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: MailConfig | null): Mailer {
  if (!config) {
    return {
      configured: false,
      async send() {
        throw new Error('e-mail is not configured (ATENDE_SMTP_URL)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    configured: true,
    async send({ to, subject, text }) {
      if (to.length === 0) return;
      await transport.sendMail({ from: config.from, to, subject, text });
    },
  };
}
