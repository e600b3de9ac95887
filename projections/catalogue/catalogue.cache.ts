import { type Database, type Logger, stderrLogger } from '../../db/database.ts';
import { type CatalogueSnapshot, createCatalogueIndex } from './catalogue.index.ts';
import { liveStock } from '../stock/stock.queries.ts';
import { CATALOGUE_CHANNEL, catalogueMarks, loadCatalogueSnapshot } from './catalogue.queries.ts';
import type { CatalogueReader } from './catalogue.reader.ts';
import { type CatalogueChange, stockChange } from './catalogue-change.ts';

export interface CatalogueCache extends CatalogueReader {
  /** Reloads if the stored version or the stock moved; resolves to true when either did. */
  refresh(): Promise<boolean>;
  /** Called after every reload (e.g. to drop kept answers), with what it changed. */
  onChange(listener: (version: number, change: CatalogueChange) => void): void;
  close(): Promise<void>;
}

/**
 * The catalogue held in memory, its variants' stock live (counted level + received − ordered). It is
 * reloaded when stock moves (the orders service refreshes it after an order; other instances' orders
 * are caught by the poll) and when `dino-shop seed` changes it: seed NOTIFYs
 * `catalogue_changed` (every instance on the same PostgreSQL hears it), and a slow poll of the
 * version row catches a missed notification or an embedded database.
 */
export async function openCatalogueCache(db: Database, options: { pollMs?: number; logger?: Logger } = {}): Promise<CatalogueCache> {
  const logger = options.logger ?? stderrLogger;
  // A failed reload keeps serving the catalogue already in memory; the next notification or poll retries.
  const reload = (trigger: string) => () => void refresh().catch((err) => logger.error({ err, trigger }, 'catalogue reload failed; serving the previous catalogue'));
  // The marks first, then the snapshot: a change landing between them is seen by the next refresh.
  let marks = await catalogueMarks(db);
  let snapshot = await loadCatalogueSnapshot(db);
  let index = createCatalogueIndex(snapshot);
  const listeners: Array<(version: number, change: CatalogueChange) => void> = [];
  let reloading: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;

  async function reloadNow(): Promise<boolean> {
    const now = await catalogueMarks(db);
    if (now.version === marks.version && now.unitsMoved === marks.unitsMoved) return false;
    // Stock alone moved (every order moves it): one query for the stock, the rest as it was.
    const stockOnly = now.version === marks.version;
    const before = snapshot;
    snapshot = stockOnly ? withStock(snapshot, await liveStock(db)) : await loadCatalogueSnapshot(db);
    const change: CatalogueChange = stockOnly ? stockChange(before.variants, snapshot.variants) : { kind: 'catalogue' };
    index = createCatalogueIndex(snapshot);
    marks = now;
    for (const listener of listeners) listener(index.version, change);
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

  const unlisten = await db.listen(CATALOGUE_CHANNEL, reload('notification'));
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
    testimonials: () => index.testimonials(),
    refresh,
    onChange: (listener) => void listeners.push(listener),
    async close() {
      clearInterval(timer);
      await unlisten();
    },
  };
}

/** The snapshot with each variant's stock as given (a variant not in `stock` keeps its own). */
function withStock(snapshot: CatalogueSnapshot, stock: ReadonlyMap<number, number>): CatalogueSnapshot {
  return { ...snapshot, variants: snapshot.variants.map((v) => ({ ...v, stock: stock.get(v.id) ?? v.stock })) };
}
