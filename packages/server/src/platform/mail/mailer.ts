// Outgoing mail: SMTP when SMTP_URL is configured, otherwise RFC 822 .eml files in an outbox folder.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as NodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Uint8Array | string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * How a mail left: `sent` – the relay (SMTP_URL) accepted it; `outbox` – no relay is configured and the mail was only
 * written to the outbox folder (DATA_DIR/outbox), so it reaches nobody unless the operator forwards it.
 */
export type MailDelivery = 'sent' | 'outbox';

export interface Mailer {
  /** Resolves once the message was handed to SMTP or written to the outbox (saying which); rejects otherwise. */
  send(message: MailMessage): Promise<MailDelivery>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  /** The sender of every mail: MAIL_FROM (config.mailFrom); there is no built-in sender. */
  from: string;
  now?: () => Date;
}

/** Header values never carry line breaks (no header injection through subjects or names). */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

type Nodemailer = (typeof NodemailerModule)['default'];

/**
 * nodemailer (about 3 MB of heap with its transports) is loaded with the first mail, not at start-up: a hub
 * process may never send one, and every megabyte it keeps lengthens its garbage collections.
 */
function lazyTransport(create: (nodemailer: Nodemailer) => Promise<Transporter>): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((module) => create(module.default)));
}

export function createMailer(options: MailerOptions): Mailer {
  const from = singleLine(options.from);
  const now = options.now ?? (() => new Date());
  const toMail = (message: MailMessage) => ({
    from,
    to: singleLine(message.to),
    subject: singleLine(message.subject),
    text: message.text,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: singleLine(a.filename),
      content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
      ...(a.contentType ? { contentType: a.contentType } : {}),
    })),
  });

  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = lazyTransport(async (nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail(toMail(message));
        return 'sent';
      },
    };
  }

  const transport = lazyTransport(async (nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  return {
    async send(message) {
      const info = await (await transport()).sendMail(toMail(message));
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(6).toString('hex')}.eml`);
      // Written under a temporary name and renamed: whoever watches the outbox never sees a half-written mail.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
      return 'outbox';
    },
  };
}
