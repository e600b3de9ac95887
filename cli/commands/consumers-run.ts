import { Command } from 'commander';
import { parseEnv } from '../../server/config.ts';
import type { ConsumerLog } from '../../consumers/consumer.ts';
import { startConsumers } from '../../consumers/consumer-runner.ts';
import { createMailer } from '../../consumers/mail/mailer.ts';
import { consumers } from '../../consumers/registry.ts';
import { type CliContext, type GlobalOptions, stopSignal, withShop } from '../context.ts';

/** `dino-shop consumers run`: the consumers alone, without the shop (a worker beside servers that run none, or a catch-up). */
export function consumersRunCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('run')
    .description(
      'run the consumers (mail) without serving the shop, until stopped (Ctrl-C); SMTP_URL, MAIL_FROM and PUBLIC_URL as for serve',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop consumers run\n' +
        '  $ dino-shop --database-url postgres://localhost/shop consumers run\n\n' +
        'With SMTP_URL=smtp://localhost:1025 the mail goes to a local catcher (docker compose has one).',
    )
    .action(async (_options, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const config = parseEnv({ ...process.env, DATA_DIR: globals.dataDir });
      const line = (level: string) => (context_: object, message: string) =>
        io.stderr.write(
          `${level}: ${message} ${JSON.stringify(context_, (_k, v: unknown) => (v instanceof Error ? v.message : v))}\n`,
        );
      const log: ConsumerLog = { info: line('info'), warn: line('warn'), error: line('error') };
      const { signal, dispose } = stopSignal(context);
      try {
        await withShop(context, command, async (shop, db) => {
          const mailer = createMailer({ ...config.mail, dataDir: config.dataDir });
          log.info({}, `mail: ${mailer.description}`);
          const running = startConsumers(
            db,
            consumers,
            { db, store: shop.store, mailer, publicUrl: config.publicUrl, log },
            { leaseMs: config.consumerLeaseMs },
          );
          io.stderr.write(`running ${consumers.map((c) => c.name).join(', ')} as ${running.owner}; Ctrl-C stops\n`);
          await new Promise<void>((resolve) =>
            signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
          );
          await running.stop();
          mailer.close();
        });
      } finally {
        dispose();
      }
    });
}
