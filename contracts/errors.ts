import * as v from 'valibot';

/** Every 4xx/5xx body the API sends; `requestId` (also the x-request-id header) finds the request in the logs. */
export const ApiError = v.object({ error: v.string(), message: v.string(), requestId: v.optional(v.string()) });
export type ApiError = v.InferOutput<typeof ApiError>;
