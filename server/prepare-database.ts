import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { upgradeSubscriptions } from '../app/subscriptions/subscriber-upgrade.ts';
import { catalogueVersion } from '../projections/catalogue/catalogue.queries.ts';
import { projections } from '../projections/registry.ts';
import { replayProjections, staleProjections } from '../projections/replay.ts';
import { catalogue as seedData } from '../seed/catalogue.data.ts';
import { seedCatalogue } from '../seed/seed-catalogue.ts';

/**
 * Brings a database to the state the code expects: migrations applied, the catalogue seeded if the
 * database has none, and any projection whose version changed rebuilt from the log.
 */
export async function prepareDatabase(db: Database, log: (message: string) => void): Promise<void> {
  const applied = await migrate(db);
  if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
  const sealed = await upgradeSubscriptions(db);
  if (sealed > 0) log(`encrypted the address of ${sealed} subscription(s) written in clear`);
  if ((await catalogueVersion(db)) === 0) {
    const seeded = await seedCatalogue(db, seedData);
    log(`seeded the catalogue: ${seeded.products} products, ${seeded.variants} variants`);
  }
  const stale = await staleProjections(db, projections);
  if (stale.length > 0) {
    const result = await replayProjections(db, stale);
    log(`rebuilt projections ${result.projections.join(', ')} from ${result.events} events`);
  }
}
