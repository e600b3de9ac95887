import type { Database } from '../../db/database.ts';
import type { Lease } from '../../eventstore/consumer-checkpoints.ts';
import { beginSend, markSent } from '../../eventstore/mail-sends.ts';
import type { Mailer } from './mailer.ts';

/** The consumer's lease ran out or was taken over: this instance must send nothing more for it. */
export class LeaseLost extends Error {
  constructor(readonly consumer: string) {
    super(`consumer ${consumer} is run by another instance now`);
    this.name = 'LeaseLost';
  }
}

/**
 * The mailer as a consumer holding `lease` uses it: each message is recorded as being sent before its
 * SMTP transaction and as sent once the server accepts it, so handling an event again (after a crash,
 * or by the instance that took over) sends only what was in flight, under the same Message-ID. A
 * message already sent is not sent again; an instance that lost the lease sends nothing.
 */
export function sentOnce(db: Database, lease: Lease, mailer: Mailer): Mailer {
  return {
    description: mailer.description,
    from: mailer.from,
    close: () => mailer.close(),
    async send(message) {
      const start = await beginSend(db, lease, message.messageId);
      if (start === 'sent') return;
      if (start === 'lease-lost') throw new LeaseLost(lease.consumer);
      await mailer.send(message);
      await markSent(db, message.messageId);
    },
  };
}
