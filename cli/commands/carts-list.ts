import { Command, Option } from 'commander';
import { formatCents } from '../../contracts/money-format.ts';
import { recentCarts } from '../../projections/carts/carts.queries.ts';
import { createCatalogueIndex } from '../../projections/catalogue/catalogue.index.ts';
import { loadCatalogueSnapshot } from '../../projections/catalogue/catalogue.queries.ts';
import { priceCart } from '../priced-cart.ts';
import { type CliContext, parsePositiveInt, withDatabase } from '../context.ts';
import { formatTable } from '../output.ts';

export function cartsListCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('list')
    .description(
      "the most recently changed carts: id, lines, item count, total (today's catalogue prices) and the last event's time (its `at`)",
    )
    .addOption(new Option('--limit <n>', 'how many carts').default(20).argParser(parsePositiveInt))
    .addHelpText('after', '\nExample:\n  $ dino-shop carts list --limit 5')
    .action(async (options: { limit: number }, command: Command) => {
      const { carts, catalogue } = await withDatabase(context, command, async (db) => ({
        carts: await recentCarts(db, options.limit),
        catalogue: createCatalogueIndex(await loadCatalogueSnapshot(db)),
      }));
      if (carts.length === 0) {
        io.stdout.write('No carts yet.\n');
        return;
      }
      io.stdout.write(
        formatTable(
          // The event's own `at`, which the read model keeps; `cart replay` shows when each event was recorded.
          ['CART', 'LINES', 'ITEMS', 'TOTAL', 'LAST EVENT AT'],
          carts.map((cart) => {
            const priced = priceCart(cart.lines, catalogue);
            return [
              cart.cartId,
              String(cart.lines.length),
              String(priced.itemCount),
              formatCents(priced.totalCents),
              cart.updatedAt.toISOString(),
            ];
          }),
        ),
      );
    });
}
