import { afterAll, beforeAll } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from './smtp-server.ts';

export { type ReceivedMail, type Refusal, type SmtpInbox, startSmtpInbox, textPartOf } from './smtp-server.ts';

/**
 * For a describe block: opens `open()` (a test database or a test app) and an SMTP inbox before its
 * tests, hands both to `use` (the block keeps its own variables), and closes both after them.
 */
export function withInbox<T extends { drop(): Promise<void> } | { close(): Promise<void> }>(
  open: () => Promise<T>,
  use: (subject: T, inbox: SmtpInbox) => void,
): void {
  let subject: T | undefined;
  let inbox: SmtpInbox | undefined;
  beforeAll(async () => {
    [subject, inbox] = await Promise.all([open(), startSmtpInbox()]);
    use(subject, inbox);
  });
  afterAll(async () => {
    await inbox?.close();
    if (subject) await ('drop' in subject ? subject.drop() : subject.close());
  });
}
