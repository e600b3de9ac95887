import { Command } from 'commander';
import { catalogue } from '../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../seed/seed-catalogue.ts';
import { type CliContext, withDatabase } from '../context.ts';

export function seedCommand(context: CliContext): Command {
  return new Command('seed')
    .description(
      'load the catalogue (categories, products, variants, testimonials); running it again changes nothing and says so',
    )
    .option('--reset', 'replace the whole catalogue (events are never touched)', false)
    .addHelpText('after', '\nExamples:\n  $ dino-shop seed\n  $ dino-shop seed --reset')
    .action(async (options: { reset: boolean }, command: Command) => {
      const result = await withDatabase(
        context,
        command,
        (db) => seedCatalogue(db, catalogue, { reset: options.reset }),
        { create: true },
      );
      const counts = `${result.categories} categories, ${result.products} products, ${result.variants} variants, ${result.testimonials} testimonials`;
      context.io.stdout.write(
        result.changed
          ? `${options.reset ? 'Replaced' : 'Seeded'} the catalogue (now version ${result.version}): ${counts}.${options.reset ? ' Events were not touched.' : ''}\n`
          : `The catalogue is already up to date (version ${result.version}): nothing changed.\n`,
      );
    });
}
