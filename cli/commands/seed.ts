import { Command } from 'commander';
import { catalogue } from '../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../seed/seed-catalogue.ts';
import { type CliIO, withDatabase } from '../context.ts';

export function seedCommand(io: CliIO): Command {
  return new Command('seed')
    .description('load the catalogue (categories, products, variants, testimonials); running it again changes nothing')
    .option('--reset', 'replace the whole catalogue (events are never touched)', false)
    .action(async (options: { reset: boolean }, command: Command) => {
      const result = await withDatabase(command, (db) => seedCatalogue(db, catalogue, { reset: options.reset }));
      const counts = `${result.categories} categories, ${result.products} products, ${result.variants} variants, ${result.testimonials} testimonials`;
      io.stdout.write(
        result.changed
          ? `${options.reset ? 'Replaced' : 'Seeded'} the catalogue (version ${result.version}): ${counts}.\n`
          : `The catalogue is already up to date (version ${result.version}): nothing changed.\n`,
      );
    });
}
