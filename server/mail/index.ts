// Outgoing mail: SMTP (nodemailer) when SMTP_URL is set, otherwise rows in mail_outbox, which the
// development mailbox (/dev/mailbox) shows. Links in mail are absolute, on the portal's public
// address (PUBLIC_URL): a mail is read outside the portal, where a path alone leads nowhere.
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
  /** The absolute address of a page of the portal (`path` from its root, with `query` added), for a mail to link to. */
  link(path: string, query?: Record<string, string | null | undefined>): string;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  smtpUrl?: string;
  from?: string;
  /** The portal's address as its readers reach it (http(s)://host[:port][/prefix], no trailing slash). */
  publicUrl?: string;
}

export const DEFAULT_FROM = 'Community Portal <no-reply@portal.example>';
/** Where links point when the server is not told its public address (buildApp without publicUrl: tests, tools). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** `publicUrl` + `path` (+ the query's set values), e.g. https://portal.example.org/community/requests/12?accountNumber=100234. */
export function portalLink(publicUrl: string, path: string, query: Record<string, string | null | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== '') search.set(name, value);
  const suffix = search.size > 0 ? `?${search}` : '';
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}${suffix}`;
}

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
  const link: Mailer['link'] = (path, query) => portalLink(publicUrl, path, query);
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      link,
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
    link,
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
