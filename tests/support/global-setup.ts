import { mkdir, rm } from 'node:fs/promises';
import { openPglite } from '../../db/pglite.ts';
import { connectPostgres } from '../../db/postgres.ts';
import { prepareDatabase } from '../../api/server.ts';
import { PGLITE_TEMPLATE_DIR, POSTGRES_TEMPLATE_DB, TEMPLATE_ROOT, adminQuery, withDatabaseName } from './databases.ts';

/** Builds the template databases once per run: migrated and seeded (see databases.ts). */
export default async function setup(): Promise<void> {
  await rm(TEMPLATE_ROOT, { recursive: true, force: true });
  await mkdir(TEMPLATE_ROOT, { recursive: true });
  const pglite = await openPglite(PGLITE_TEMPLATE_DIR);
  await prepareDatabase(pglite, () => {});
  await pglite.close();

  if (process.env.TEST_DATABASE_URL) {
    await adminQuery(`drop database if exists ${POSTGRES_TEMPLATE_DB} with (force)`);
    await adminQuery(`create database ${POSTGRES_TEMPLATE_DB}`);
    const db = connectPostgres(withDatabaseName(process.env.TEST_DATABASE_URL, POSTGRES_TEMPLATE_DB));
    await prepareDatabase(db, () => {});
    await db.close();
  }
}
