/**
 * Outgoing e-mail. Where it goes is asked at every send (the super user's SMTP settings, else
 * ATENDE_SMTP_URL), so a change of settings holds at once on every node; without either, nothing
 * is sent and `configured()` is false: callers that e-mail "where configured" check it.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** An SMTP server (nodemailer's connection URL or options) and the sender address. */
export interface MailRoute {
  transport: string | SMTPTransport.Options;
  from: string;
}

export interface Mailer {
  configured(): Promise<boolean>;
  send(mail: Mail): Promise<void>;
}

export function createMailer(route: () => Promise<MailRoute | null>): Mailer {
  return {
    async configured() {
      return (await route()) !== null;
    },
    async send({ to, subject, text }) {
      const current = await route();
      if (!current) throw new Error('e-mail is not configured (SMTP settings or ATENDE_SMTP_URL)');
      if (to.length === 0) return;
      const transport = nodemailer.createTransport(current.transport);
      try {
        await transport.sendMail({ from: current.from, to, subject, text });
      } finally {
        transport.close();
      }
    },
  };
}
