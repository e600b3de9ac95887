import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import nodemailer from 'nodemailer';
import { inSpan } from '../../eventstore/tracing.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<...@...>`, derived from the event: a second delivery of the same event carries the same id. */
  messageId: string;
}

export interface Mailer {
  /** Where mail goes, in words for the log. */
  readonly description: string;
  /** The sender every message carries. */
  readonly from: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** smtp:// or smtps:// (user and password in the URL); unset: messages are written as files. */
  smtpUrl: string | undefined;
  from: string;
  /** Where the files go when there is no SMTP server: `<dataDir>/mail/`. */
  dataDir: string;
}

/** A dead or stalled mail server fails a send in seconds, so the consumer retries rather than hangs. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The SMTP URL fit for a log line: its password left out. */
const withoutPassword = (url: string) => url.replace(/^([^:/]+:\/\/[^:@/]*:)[^@]*@/, '$1***@');

/** A Message-ID as a file name: the same message is the same file, so a redelivery overwrites it. */
const fileNameOf = (messageId: string) => `${messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_')}.eml`;

/** Mail over SMTP (`SMTP_URL`), or, without one, each message written as an .eml file under the data directory. */
export function createMailer(settings: MailSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: 2,
      ...SMTP_TIMEOUTS,
    });
    const { hostname: host } = new URL(settings.smtpUrl);
    return {
      description: `sending mail over SMTP to ${withoutPassword(settings.smtpUrl)}`,
      from: settings.from,
      async send(message) {
        // The span names the message, never its recipient.
        const span = {
          kind: SpanKind.CLIENT,
          attributes: { 'dino.mail.message_id': message.messageId, 'server.address': host },
        };
        await inSpan('smtp send', span, () => transport.sendMail({ from: settings.from, ...message }));
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(settings.dataDir, 'mail');
  // Builds the message exactly as SMTP would carry it, without sending it anywhere.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `writing mail as .eml files to ${dir} (set SMTP_URL to send it)`,
    from: settings.from,
    async send(message) {
      const built = await builder.sendMail({ from: settings.from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, fileNameOf(message.messageId));
      // Whole or not at all: a reader never sees half a message, even if the process dies mid-write.
      await writeFile(`${file}.tmp`, built.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => builder.close(),
  };
}
