import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../contracts/errors.ts';
import { STOCK_ALERT_MESSAGES } from '../../contracts/shop-messages.ts';
import { StockAlertRequest, StockAlertResult } from '../../contracts/stock-alert.ts';
import { schemaOf } from '../../http/plugins/validation.ts';
import type { StockAlertService } from '../../app/stock-alerts/stock-alerts.service.ts';

/** Rate-limited as sign-ups are: each request may seal an address and make it a key. */
export async function stockAlertRoutes(
  app: FastifyInstance,
  { stockAlerts }: { stockAlerts: StockAlertService },
): Promise<void> {
  const errors = {
    400: schemaOf(ApiError),
    404: schemaOf(ApiError),
    409: schemaOf(ApiError),
    422: schemaOf(ApiError),
    429: schemaOf(ApiError),
  };
  app.post<{ Body: StockAlertRequest }>(
    '/stock-alerts',
    {
      preHandler: app.limitBy('signUps'),
      schema: { body: schemaOf(StockAlertRequest), response: { 202: schemaOf(StockAlertResult), ...errors } },
    },
    async (request, reply) => {
      await stockAlerts.request(request.body);
      // The same answer whether the address already waited: who waits for what is no one else's to learn.
      return reply.status(202).send({ message: STOCK_ALERT_MESSAGES.requested });
    },
  );
}
