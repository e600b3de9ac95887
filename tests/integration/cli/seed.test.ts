import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents } from '../../../eventstore/log-reads.ts';
import { catalogueVersion } from '../../../projections/catalogue/catalogue.queries.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';
import { cli } from './cli-support.ts';

describe.each(BACKENDS)('dino-shop migrate and seed on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it('migrate on an up-to-date database applies nothing and says so', async () => {
    const run = await cli(app, ['migrate']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe('Already up to date: no migration to apply.\n');
  });

  it('seed is idempotent, --reset replaces the catalogue, and neither touches events', async () => {
    // Something in the log first, so "never touches events" means something.
    const me = shopper(app);
    const product = app.catalogue.products()[0]!;
    const variant = app.catalogue.variants(product.id).find((v) => v.stock > 0)!;
    expect(
      (
        await me.request({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: variant.id, quantity: 1 },
        })
      ).statusCode,
    ).toBe(201);
    const events = await countEvents(app.db);
    const version = await catalogueVersion(app.db);

    const again = await cli(app, ['seed']);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toBe(`The catalogue is already up to date (version ${version}): nothing changed.\n`);
    expect(await catalogueVersion(app.db)).toBe(version);

    const reset = await cli(app, ['seed', '--reset']);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(
      new RegExp(
        `^Replaced the catalogue \\(now version ${version + 1}\\): 8 categories, 20 products, \\d+ variants, \\d+ testimonials\\. Events were not touched\\.\\n$`,
      ),
    );
    expect(await catalogueVersion(app.db)).toBe(version + 1);

    const thenAgain = await cli(app, ['seed']);
    expect(thenAgain.stdout).toContain('nothing changed');
    expect(await catalogueVersion(app.db)).toBe(version + 1);
    expect(await countEvents(app.db)).toBe(events);

    // The shopper's cart still reads the same after the reset (same ids, same products).
    await app.catalogue.refresh();
    const cart = (await me.request({ method: 'GET', url: '/api/cart' })).json();
    expect(cart.items).toHaveLength(1);
  });

  it('rejects an unknown flag with one line and a non-zero exit', async () => {
    const run = await cli(app, ['seed', '--wipe']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe("error: unknown option '--wipe' (see: dino-shop seed --help)\n");
  });

  it('every command has --help with a description', async () => {
    for (const command of [
      [],
      ['serve'],
      ['migrate'],
      ['seed'],
      ['subscribers', 'export'],
      ['projections', 'list'],
      ['projections', 'replay'],
      ['carts', 'list'],
      ['cart', 'replay'],
      ['events', 'tail'],
    ]) {
      const run = await cli(app, [...command, '--help']);
      expect(run.code, command.join(' ')).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: dino-shop${command.length ? ` ${command.join(' ')}` : ''} `));
      expect(run.stdout.split('\n')[2]!.length).toBeGreaterThan(10);
    }
  });
});
