import type { Cart } from '../contracts/cart.ts';
import type { Flash } from '../contracts/flash.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';

/**
 * What the server hands every page render (pageContext.renderContext). +data hooks read through these
 * in-process: never HTTP to the same server.
 */
export interface RenderContext {
  catalogue: CatalogueReader;
  /** The shop's canonical origin (PUBLIC_URL, no trailing slash): the only source of absolute URLs. */
  publicUrl: string;
  /** The shopper's cart, read before the render; only present on the routes that render a cart (/cart, /checkout). */
  cart?: Cart;
  /** That cart's stream version (its ETag): the page's changes send it back, so a change made elsewhere since is not overwritten. */
  cartVersion?: number;
  /** The shopper applied the promo code on the cart page (kept in the session); on /cart and /checkout. */
  promoApplied?: boolean;
  /** This browser placed an order within the hour (features/checkout/last-order.ts); on /checkout. */
  justOrdered?: boolean;
}

declare global {
  namespace Vike {
    interface PageContextServer {
      renderContext: RenderContext;
    }
    interface PageContext {
      /** What the form post that led to this page has to say (the no-JavaScript path); else null. */
      flash?: Flash | null;
    }
  }
}
