import { upgradeSubscriptions } from '../app/subscriptions/subscriber-upgrade.ts';
import type { Database } from '../db/database.ts';
import type { CliIO } from './context.ts';
import { type Progress, formatCount, progressBar } from './output.ts';

/**
 * Seals the subscriptions older versions wrote in clear (upgradeSubscriptions) and says so on stderr
 * as it starts, since a large old list takes a while: a progress bar on a terminal, else one line.
 * Returns how many it sealed.
 */
export async function sealOldSubscriptions(io: CliIO, db: Database): Promise<number> {
  let progress: Progress | undefined;
  try {
    return await upgradeSubscriptions(db, {
      onStart: (total) => {
        const terminal = Boolean(io.stderr.isTTY);
        if (!terminal)
          io.stderr.write(`Encrypting the address of ${formatCount(total)} subscription(s) written in clear...\n`);
        progress = progressBar(io.stderr, {
          enabled: terminal,
          label: 'Encrypting addresses',
          total,
          unit: 'subscriptions',
        });
      },
      onProgress: (sealed) => progress?.update(sealed),
    });
  } finally {
    progress?.stop();
  }
}
