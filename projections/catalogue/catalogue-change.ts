/**
 * What a change of the catalogue changed: all of it (a seed), or only stock, with the products whose
 * shown stock (its band: contracts/stock-bands.ts) changed and whether any variant went in or out of
 * stock (which listings show). A count that moved within its band is no change.
 */
export type StockChange = { kind: 'stock'; productIds: ReadonlySet<number>; availability: boolean };
export type CatalogueChange = { kind: 'catalogue' } | StockChange;
