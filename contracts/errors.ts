import * as v from 'valibot';

/** Every 4xx/5xx body the API sends. */
export const ApiError = v.object({ error: v.string(), message: v.string() });
export type ApiError = v.InferOutput<typeof ApiError>;
