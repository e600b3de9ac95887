export interface Subscribed {
  type: 'Subscribed';
  data: { schemaVersion: 1; email: string; at: string };
}

export type SubscriptionEvent = Subscribed;

export const SUBSCRIBER_STREAM_PREFIX = 'subscriber-';

/** Emails are compared case-insensitively after trimming: that normal form names the stream. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const subscriberStreamId = (email: string) => `${SUBSCRIBER_STREAM_PREFIX}${normaliseEmail(email)}`;
