import { type Database, type Logger, stderrLogger } from '../../db/database.ts';
import { type CatalogueIndex, createCatalogueIndex } from './catalogue.index.ts';
import { type StockLevel, stockLevels } from '../stock/stock.queries.ts';
import { CATALOGUE_CHANNEL, STOCK_CHANNEL, catalogueMarks, loadCatalogueSnapshot } from './catalogue.queries.ts';
import type { CatalogueReader } from './catalogue.reader.ts';
import type { CatalogueChange } from './catalogue-change.ts';

export interface CatalogueCache extends CatalogueReader {
  /** Reloads if the stored version or the stock moved; resolves to true when either did. */
  refresh(): Promise<boolean>;
  /**
   * Stock moved in this process: the moved variants' levels, read in the transaction that moved them.
   * Applied at once (no reload); the listeners hear of it only when a shown band changed.
   */
  applyStock(levels: ReadonlyMap<number, StockLevel>): void;
  /** Called after every change shoppers would see (e.g. to drop kept answers), with what it changed. */
  onChange(listener: (version: number, change: CatalogueChange) => void): void;
  close(): Promise<void>;
}

/**
 * The catalogue held in memory, its variants' stock live (counted level + received − ordered + given
 * back). An instance that moves stock applies the moved variants' levels itself; when a band a shopper
 * sees changed, the moving transaction NOTIFYs `stock_bands_changed` with their ids, and every instance
 * on the same database reads those variants again. `dino-shop seed` NOTIFYs `catalogue_changed` (a full
 * reload). A poll of the marks (version, units moved) catches what a missed notification or another
 * process's within-band sale left behind.
 */
export async function openCatalogueCache(
  db: Database,
  options: { pollMs?: number; logger?: Logger } = {},
): Promise<CatalogueCache> {
  const logger = options.logger ?? stderrLogger;
  const failed = (trigger: string) => (err: unknown) =>
    logger.error({ err, trigger }, 'catalogue reload failed; serving the previous catalogue');
  // A failed reload keeps serving the catalogue already in memory; the next notification or poll retries.
  const reload = (trigger: string) => () => void refresh().catch(failed(trigger));
  // The marks first, then the snapshot: a change landing between them is seen by the next refresh.
  let marks = await catalogueMarks(db);
  let index: CatalogueIndex = createCatalogueIndex(await loadCatalogueSnapshot(db));
  const listeners: Array<(version: number, change: CatalogueChange) => void> = [];
  let reloading: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;

  const emit = (change: CatalogueChange) => {
    if (change.kind === 'stock' && change.productIds.size === 0) return;
    for (const listener of listeners) listener(index.version, change);
  };
  const applyStock = (levels: ReadonlyMap<number, StockLevel>) => emit(index.applyStock(levels));

  async function reloadNow(): Promise<boolean> {
    const now = await catalogueMarks(db);
    if (now.version === marks.version && now.unitsMoved === marks.unitsMoved) return false;
    // A new catalogue, or stock rebuilt (a replay: fewer units moved than seen): all of it again.
    if (now.version !== marks.version || now.unitsMoved < marks.unitsMoved) {
      index = createCatalogueIndex(await loadCatalogueSnapshot(db));
      emit({ kind: 'catalogue' });
    } else {
      applyStock(await stockLevels(db));
    }
    marks = now;
    return true;
  }

  /**
   * Resolves once a reload that began after this call has run, so a caller that just moved stock (an
   * order, before it answers) sees it: one under way may have read before, so at most one more follows
   * it, shared by every caller meanwhile.
   */
  function refresh(): Promise<boolean> {
    if (reloading === undefined) {
      reloading = reloadNow().finally(() => {
        reloading = undefined;
      });
      return reloading;
    }
    next ??= reloading
      .catch(() => false)
      .then(() => {
        next = undefined;
        return refresh();
      });
    return next;
  }

  /**
   * Some instance moved these variants across a band; only those whose level here is older are read
   * again (the instance that moved them, or one whose poll came first, has it). An empty payload (a
   * reconnect): anything may have moved.
   */
  const onStockNotice = (payload: string) => {
    if (!payload) return reload('stock notification')();
    const older = (JSON.parse(payload) as Array<[number, number]>)
      .filter(([id, moved]) => (index.unitsMovedOf(id) ?? moved) < moved)
      .map(([id]) => id);
    if (older.length > 0) void stockLevels(db, older).then(applyStock, failed('stock notification'));
  };

  const unlisten = await db.listen(CATALOGUE_CHANNEL, reload('notification'));
  const unlistenStock = await db.listen(STOCK_CHANNEL, onStockNotice);
  const timer = setInterval(reload('poll'), options.pollMs ?? 5_000);
  timer.unref();

  return {
    get version() {
      return index.version;
    },
    categories: () => index.categories(),
    category: (slug) => index.category(slug),
    products: (query) => index.products(query),
    search: (query, limit) => index.search(query, limit),
    productsInCategory: (slug) => index.productsInCategory(slug),
    bestsellers: () => index.bestsellers(),
    product: (slug) => index.product(slug),
    productById: (id) => index.productById(id),
    variants: (productId) => index.variants(productId),
    variant: (variantId) => index.variant(variantId),
    stockOf: (variantId) => index.stockOf(variantId),
    testimonials: () => index.testimonials(),
    refresh,
    applyStock,
    onChange: (listener) => void listeners.push(listener),
    async close() {
      clearInterval(timer);
      await unlisten();
      await unlistenStock();
    },
  };
}
