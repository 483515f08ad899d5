import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The Message-ID header; the same for every attempt of one outbox message (mail-worker.ts). */
  messageId?: string;
  /** Files the message carries (the tickets PDF), drawn when it is sent. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** Sends one message or throws; answers the message id the server gave. */
export type MailTransport = {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<{ messageId: string; location?: string }>;
  close(): void;
};

/** Messages the outbox sends at once (mail-worker.ts), each on a pooled SMTP connection. */
export const SMTP_CONNECTIONS = 4;

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpTransport(url: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 20_000;
  // Pooled connections, a few at once: a new SMTP connection (greeting, EHLO, maybe TLS and AUTH)
  // per message capped the outbox at some 15 messages a second, behind a busy day's e-mails.
  const smtpOptions: Record<string, unknown> = {
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  };
  // A local test server has a self-signed certificate or none; smtps:// stays strict.
  if (url.startsWith('smtp://')) smtpOptions.tls = { rejectUnauthorized: false };
  const transporter = nodemailer.createTransport(smtpOptions as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(m) {
      const info = await transporter.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.attachments?.length ? { attachments: m.attachments } : {}),
      });
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transporter.close(),
  };
}

/**
 * With no SMTP configured, messages are written as .eml files to DIR (data/outbox), so a fresh
 * machine shows what would have been sent; the worker logs that a message was kept as a file,
 * never its recipient or its links.
 */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(m) {
      const info = (await transporter.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.attachments?.length ? { attachments: m.attachments } : {}),
      })) as unknown as {
        messageId: string;
        message: Buffer;
      };
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${String(m.id).padStart(8, '0')}.eml`);
      await writeFile(file, info.message);
      return { messageId: String(info.messageId ?? ''), location: file };
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(config: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'outbox'));
}
