import {
  SUBSCRIBED_SCHEMA_VERSION,
  type StoredSubscriptionEvent,
  type SubscriptionEvent,
} from './subscription.events.ts';

export interface SubscriptionState {
  subscribed: boolean;
}

export const initialState = (): SubscriptionState => ({ subscribed: false });

export function evolve(_state: SubscriptionState, event: StoredSubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'Subscribed':
      return { subscribed: true };
    case 'SubscriberForgotten':
      return { subscribed: false };
  }
}

export type SubscriptionCommand =
  | { type: 'Subscribe'; subscriberId: string; emailCipher: string; at: string }
  | { type: 'Forget'; subscriberId: string; at: string };

/**
 * Subscribing twice records nothing new, and is not an error; a forgotten subscriber may subscribe
 * again. Forgetting someone who is not subscribed records nothing.
 */
export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    case 'Subscribe':
      if (state.subscribed) return [];
      return [
        {
          type: 'Subscribed',
          data: {
            schemaVersion: SUBSCRIBED_SCHEMA_VERSION,
            subscriberId: command.subscriberId,
            emailCipher: command.emailCipher,
            at: command.at,
          },
        },
      ];
    case 'Forget':
      if (!state.subscribed) return [];
      return [
        { type: 'SubscriberForgotten', data: { schemaVersion: 1, subscriberId: command.subscriberId, at: command.at } },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}
