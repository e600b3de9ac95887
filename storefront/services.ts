import type { Cart } from '../contracts/cart.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';

/**
 * What the server hands every page render (pageContext.services). +data hooks read through these
 * in-process: never HTTP to the same server.
 */
export interface StorefrontServices {
  catalogue: CatalogueReader;
  /** The shopper's cart; only present on the routes that render a cart (/cart, /checkout). */
  cart?: () => Promise<Cart>;
}

declare global {
  namespace Vike {
    interface PageContextServer {
      services: StorefrontServices;
    }
  }
}
