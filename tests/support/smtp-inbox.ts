import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  messageId: string;
  to: string[];
}

export interface SmtpInbox {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451), as a server in trouble does. */
  refusing: boolean;
  close(): Promise<void>;
}

const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';

/** A real SMTP server on a free port of 127.0.0.1 that keeps what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: SmtpInbox = { port: 0, url: '', messages: [], refusing: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!inbox.refusing) return callback();
      const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      return callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        inbox.messages.push({ raw, messageId: headerOf(raw, 'Message-ID'), to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  // A sender killed mid-session resets its connection: expected in the fault suite, and nothing was kept of it.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('SMTP inbox:', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox.port = (server.server.address() as AddressInfo).port;
  inbox.url = `smtp://127.0.0.1:${inbox.port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}
