import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';

type AnySchema = v.GenericSchema;

/** JSON Schema object (what Fastify sees) → the valibot schema it was made from (what validates). */
const origins = new WeakMap<object, AnySchema>();

/**
 * Declares a route part with a valibot schema. Fastify gets the JSON Schema (for serialisation and
 * documentation); validation runs the valibot schema itself, so its human messages reach the client.
 */
export function schemaOf(schema: AnySchema): Record<string, unknown> {
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  delete json.$schema;
  origins.set(json, schema);
  return json;
}

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

const PART_NAMES: Record<string, string> = { body: 'request body', querystring: 'query string', params: 'URL' };

/** Validates every route part declared with schemaOf() by its valibot schema (registered before the routes). */
export const valibotValidation = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const valibot = origins.get(schema);
      if (!valibot) throw new Error(`route schema for ${httpPart} was not declared with schemaOf()`);
      return (data: unknown) => {
        if (httpPart === 'body' && (data === null || typeof data !== 'object' || Array.isArray(data))) {
          return { error: new RequestValidationError('The request body must be a JSON object') };
        }
        const result = v.safeParse(valibot, data, { abortPipeEarly: true });
        if (result.success) return { value: result.output };
        const issue = result.issues[0];
        const path = v.getDotPath(issue);
        const where = PART_NAMES[httpPart ?? ''] ?? httpPart;
        const message =
          issue.kind === 'schema' && issue.type === 'object' ? `The ${where} must be an object` : issue.message;
        // A missing field reads better named: "productId is required"; a query parameter sent twice
        // (`?q=a&q=b` arrives as a list) is named as such, not as a type the sender never chose.
        const repeated =
          httpPart === 'querystring' &&
          path !== null &&
          Array.isArray((data as Record<string, unknown> | null)?.[path]);
        const text = repeated
          ? `${path} was given more than once; send it once`
          : issue.received === 'undefined' && path
            ? `${path} is required`
            : message;
        return { error: new RequestValidationError(text) };
      };
    });
  },
  { name: 'dino-shop-valibot-validation', fastify: '5.x' },
);
