/** A real SMTP server for tests, without vitest (Playwright's specs use it too); `withInbox` is in smtp-inbox.ts. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  messageId: string;
  to: string[];
}

/** A refused try: when (Date.now()), with which reply code, and the recipient refused (a 550's). */
export interface Refusal {
  at: number;
  code: 451 | 550;
  recipient?: string;
}

export interface SmtpInbox {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451), as a server in trouble does. */
  refusing: boolean;
  /**
   * Recipients (lower case) refused for good, as a server refuses an address it does not know: a 550
   * whose reply names the address, `550 5.1.1 <rex@example.com>: Recipient address rejected`.
   */
  unknownRecipients: Set<string>;
  /** Every refused try, oldest first. */
  refusals: Refusal[];
  /**
   * How long the server takes to answer a message it has received (a slow server): the message is
   * counted received when its data ends, and accepted this long after.
   */
  answerDelayMs: number;
  close(): Promise<void>;
}

/** The message's text part, its quoted-printable soft breaks and escapes undone (as UTF-8: "×", "−"). */
export const textPartOf = (raw: string) => {
  const part = /Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--/.exec(raw)?.[1] ?? '';
  return part
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (escaped) => Buffer.from(escaped.replaceAll('=', ''), 'hex').toString('utf8'))
    .replace(/\r\n/g, '\n');
};

const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';

/** A real SMTP server on a free port of 127.0.0.1 that keeps what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: SmtpInbox = {
    port: 0,
    url: '',
    messages: [],
    refusing: false,
    unknownRecipients: new Set(),
    refusals: [],
    answerDelayMs: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!inbox.refusing) return callback();
      inbox.refusals.push({ at: Date.now(), code: 451 });
      const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      return callback(error);
    },
    onRcptTo(address, _session, callback) {
      if (!inbox.unknownRecipients.has(address.address.toLowerCase())) return callback();
      inbox.refusals.push({ at: Date.now(), code: 550, recipient: address.address });
      return callback(
        Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), { responseCode: 550 }),
      );
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        inbox.messages.push({
          raw,
          messageId: headerOf(raw, 'Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        if (inbox.answerDelayMs > 0) setTimeout(callback, inbox.answerDelayMs);
        else callback();
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
