import fc from 'fast-check';
import { maxLineQuantity } from '../../contracts/cart-rules.ts';
import {
  type CartCommand,
  type CartState,
  type VariantFacts,
  decide,
  evolve,
  initialState,
} from '../../domain/cart/cart.decider.ts';
import type { CartEvent } from '../../domain/cart/cart.events.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { catalogue } from '../../seed/catalogue.data.ts';

/**
 * Random shopper sessions over a few carts, decided by the cart's own decider, so that every event
 * sequence is one the shop can record: adds (a variant already in the cart raises its line), quantity
 * changes, removals and clears, quantities up to and past the stock bound (refused, no event), and
 * each event either in a statement of its own or appended together with the ones before it.
 */

const seedVariants: VariantFacts[] = catalogue.products.flatMap((p) =>
  p.variants.map((v) => ({ id: v.id, productId: p.id, stock: v.stock })),
);
const withStock = (stock: number) => seedVariants.find((v) => v.stock === stock);

/** The variants shoppers pick from: the scarce ones (none, one, two, three left) and a dozen stocked ones. */
export const VARIANTS: readonly VariantFacts[] = [
  ...[0, 1, 2, 3].flatMap((stock) => withStock(stock) ?? []),
  ...seedVariants
    .filter((v) => v.stock >= 10)
    .filter((_, i) => i % 17 === 0)
    .slice(0, 12),
];

/** A quantity as a shopper asks for it: a few, the most the stock allows, or one past it. */
type Quantity = number | 'bound' | 'over';

type Action =
  | { kind: 'add'; variant: number; quantity: Quantity }
  | { kind: 'change'; line: number; quantity: Quantity | 0 }
  | { kind: 'remove'; line: number }
  | { kind: 'clear' }
  | { kind: 'checkout' };

interface Step {
  /** Which of the session's carts. */
  cart: number;
  /** The step's event (if any) goes in the statement of the event before it. */
  together: boolean;
  /** Milliseconds after the session's start: clocks of several servers need not agree, so times may go back. */
  at: number;
  action: Action;
}

export interface Session {
  carts: number;
  steps: Step[];
}

const quantity: fc.Arbitrary<Quantity> = fc.oneof(
  fc.integer({ min: 1, max: 4 }),
  fc.constantFrom<Quantity>('bound', 'over'),
);

const add = fc.record({ kind: fc.constant('add' as const), variant: fc.nat(VARIANTS.length - 1), quantity });
const change = fc.record({
  kind: fc.constant('change' as const),
  line: fc.nat(),
  quantity: fc.oneof(quantity, fc.constant(0 as const)),
});
const remove = fc.record({ kind: fc.constant('remove' as const), line: fc.nat() });
const clear = fc.record({ kind: fc.constant('clear' as const) });
const checkout = fc.record({ kind: fc.constant('checkout' as const) });

/** A session that mostly fills its carts (many lines, no clear) or one that mixes every action. */
const actions: Record<'filling' | 'mixed', fc.Arbitrary<Action>> = {
  filling: fc.oneof({ weight: 8, arbitrary: add }, { weight: 2, arbitrary: change }, { weight: 1, arbitrary: remove }),
  mixed: fc.oneof(
    { weight: 5, arbitrary: add },
    { weight: 3, arbitrary: change },
    { weight: 2, arbitrary: remove },
    { weight: 1, arbitrary: clear },
    { weight: 1, arbitrary: checkout },
  ),
};

export const session: fc.Arbitrary<Session> = fc.constantFrom('filling' as const, 'mixed' as const).chain((mood) =>
  fc.record({
    carts: fc.integer({ min: 1, max: 3 }),
    steps: fc.array(
      fc.record({
        cart: fc.nat(2),
        together: fc.boolean(),
        at: fc.integer({ min: 0, max: 3_600_000 }),
        action: actions[mood],
      }),
      {
        minLength: 1,
        maxLength: 40,
        size: 'medium',
      },
    ),
  }),
);

/** An event of one of the session's carts. */
export interface SessionEvent {
  cart: number;
  event: CartEvent;
}

const SESSION_START = Date.parse('2026-03-01T10:00:00.000Z');

function commandOf(step: Step, state: CartState, newLineId: string): CartCommand | undefined {
  const at = new Date(SESSION_START + step.at).toISOString();
  const { action } = step;
  switch (action.kind) {
    case 'add': {
      const variant = VARIANTS[action.variant]!;
      const inCart = state.lines.find((l) => l.variantId === variant.id)?.quantity ?? 0;
      const bound = Math.max(1, maxLineQuantity(variant.stock) - inCart);
      const asked = action.quantity === 'bound' ? bound : action.quantity === 'over' ? bound + 1 : action.quantity;
      return {
        type: 'AddItem',
        productId: variant.productId,
        variantId: variant.id,
        quantity: asked,
        variant,
        productExists: true,
        newLineId,
        at,
      };
    }
    case 'change': {
      const line = state.lines[action.line % Math.max(1, state.lines.length)];
      if (!line) return undefined;
      const variant = VARIANTS.find((v) => v.id === line.variantId);
      const bound = maxLineQuantity(variant?.stock ?? 0);
      const asked = action.quantity === 'bound' ? bound : action.quantity === 'over' ? bound + 1 : action.quantity;
      return { type: 'ChangeQuantity', lineId: line.lineId, quantity: asked, variant, at };
    }
    case 'remove': {
      const line = state.lines[action.line % Math.max(1, state.lines.length)];
      return line && { type: 'RemoveItem', lineId: line.lineId, at };
    }
    case 'clear':
      return { type: 'ClearCart', at };
    case 'checkout':
      // The line id drawn for this step serves as the order's id: any uuid will do.
      return { type: 'CheckOut', orderId: newLineId, at };
  }
}

/**
 * The session's events as the decider records them, cut into the statements that append them (each a
 * run of consecutive events, of one cart or several). A refused command records nothing.
 */
export function statementsOf(s: Session, newLineId: () => string): SessionEvent[][] {
  const states: CartState[] = Array.from({ length: s.carts }, initialState);
  const statements: SessionEvent[][] = [];
  for (const step of s.steps) {
    const cart = step.cart % s.carts;
    const command = commandOf(step, states[cart]!, newLineId());
    let events: CartEvent[] = [];
    try {
      events = command ? decide(command, states[cart]!) : [];
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    for (const event of events) {
      states[cart] = evolve(states[cart]!, event);
      const last = statements[statements.length - 1];
      if (step.together && last) last.push({ cart, event });
      else statements.push([{ cart, event }]);
    }
  }
  return statements;
}
