// Outgoing mail: SMTP (nodemailer) when SMTP_URL is set, otherwise rows in mail_outbox, which the
// development mailbox (/dev/mailbox) shows.
import nodemailer from 'nodemailer';
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  smtpUrl?: string;
  from?: string;
}

export const DEFAULT_FROM = 'Community Portal <no-reply@portal.example>';

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await options.db.query('INSERT INTO mail_outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5)', [
        m.to,
        m.subject,
        m.text,
        m.html ?? null,
        options.clock(),
      ]);
    },
    close: async () => undefined,
  };
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export async function readOutbox(db: Db, limit = 100): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{ to_address: string; subject: string; text_body: string; created_at: Date | string }>(
    'SELECT to_address, subject, text_body, created_at FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body, createdAt: new Date(r.created_at).toISOString() }));
}
