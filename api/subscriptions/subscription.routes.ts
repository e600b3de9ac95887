import type { FastifyInstance } from 'fastify';
import { Subscribe, SubscribeResult } from '../../contracts/subscription.ts';
import { schemaOf } from '../plugins/validation.ts';
import type { SubscriptionService } from './subscription.service.ts';

export async function subscriptionRoutes(app: FastifyInstance, { subscriptions }: { subscriptions: SubscriptionService }): Promise<void> {
  const result = schemaOf(SubscribeResult);
  app.post<{ Body: Subscribe }>('/subscribe', { schema: { body: schemaOf(Subscribe), response: { 200: result, 201: result } } }, async (request, reply) => {
    const outcome = await subscriptions.subscribe(request.body);
    return reply.status(outcome.new ? 201 : 200).send(outcome);
  });
}
