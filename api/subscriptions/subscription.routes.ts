import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../contracts/errors.ts';
import { Subscribe, SubscribeResult } from '../../contracts/subscription.ts';
import { schemaOf } from '../../http/plugins/validation.ts';
import type { SubscriptionService } from '../../app/subscriptions/subscription.service.ts';

export async function subscriptionRoutes(
  app: FastifyInstance,
  { subscriptions }: { subscriptions: SubscriptionService },
): Promise<void> {
  const result = schemaOf(SubscribeResult);
  const errors = { 400: schemaOf(ApiError), 409: schemaOf(ApiError), 422: schemaOf(ApiError), 429: schemaOf(ApiError) };
  app.post<{ Body: Subscribe }>(
    '/subscribe',
    {
      config: { idempotent: true },
      preHandler: app.limitBy('signUps'),
      schema: { body: schemaOf(Subscribe), response: { 201: result, ...errors } },
    },
    async (request, reply) => {
      return reply.status(201).send(await subscriptions.subscribe(request.body, request.commandKey));
    },
  );
}
