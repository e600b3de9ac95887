import * as v from 'valibot';

export const INVALID_EMAIL = 'Please enter a valid email address';

export const Email = v.pipe(
  v.string(INVALID_EMAIL),
  v.trim(),
  v.nonEmpty(INVALID_EMAIL),
  v.maxLength(254, INVALID_EMAIL),
  v.email(INVALID_EMAIL),
);

export const Subscribe = v.object({ email: Email });
export type Subscribe = v.InferOutput<typeof Subscribe>;

export const SubscribeResult = v.object({
  email: v.string(),
  subscribed: v.literal(true),
  message: v.string(),
});
export type SubscribeResult = v.InferOutput<typeof SubscribeResult>;
