import type { SubscriptionEvent } from './subscription.events.ts';
import { normaliseEmail } from './subscription.events.ts';

export interface SubscriptionState {
  subscribed: boolean;
}

export const initialState = (): SubscriptionState => ({ subscribed: false });

export function evolve(_state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'Subscribed':
      return { subscribed: true };
  }
}

export type SubscriptionCommand = { type: 'Subscribe'; email: string; at: string };

/** Subscribing twice records nothing new, and is not an error. */
export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  if (state.subscribed) return [];
  return [{ type: 'Subscribed', data: { schemaVersion: 1, email: normaliseEmail(command.email), at: command.at } }];
}
