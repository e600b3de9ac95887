import { describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { httpShopper, runCli, serverForTests } from './fault-support.ts';

describe('one owner per PGlite data directory', () => {
  const shop = serverForTests('pglite');

  it('every other process on the directory stops at once with one line naming the owner; the data is intact', async () => {
    const product = seed.products[0]!;
    const shopper = httpShopper(shop.server.url);
    const before = (
      await shopper.send('POST', '/api/cart', {
        productId: product.id,
        variantId: product.variants[0]!.id,
        quantity: 2,
      })
    ).json;
    const commands = [
      ['serve', '--port', '0'],
      ['seed', '--reset'],
      ['migrate'],
      ['projections', 'replay'],
      ['subscribers', 'export'],
      ['carts', 'list'],
      ['events', 'tail'],
    ];
    const problems: string[] = [];
    for (const command of commands) {
      const result = await runCli([...shop.target.globals, ...command]);
      const lines = result.stderr.trim().split('\n');
      const expected = `in use by dino-shop process ${shop.server.pid}`;
      if (
        result.code !== 1 ||
        lines.length !== 1 ||
        !lines[0]!.includes(expected) ||
        !lines[0]!.includes('stop that process first') ||
        result.ms > 15_000
      ) {
        problems.push(
          `${command.join(' ')}: exit ${result.code} after ${result.ms} ms, stderr ${JSON.stringify(result.stderr)}`,
        );
      }
    }
    expect(problems, `commands not refused as they should be:\n${problems.join('\n')}`).toEqual([]);
    // The owner still serves the same cart, and still writes.
    expect((await shopper.send('GET', '/api/cart')).json).toEqual(before);
    expect((await shopper.send('DELETE', '/api/cart')).status).toBe(200);
  });
});
