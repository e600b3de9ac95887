import { backInStock } from './back-in-stock.consumer.ts';
import type { Consumer } from './consumer.ts';
import { orderConfirmation } from './order-confirmation.consumer.ts';
import { orderCancelled, orderRefunded, orderShipped } from './order-mails.consumer.ts';
import { welcomeMail } from './welcome-mail.consumer.ts';

/** Every consumer the shop runs (in `dino-shop serve` and `dino-shop consumers run`): one declaration each. */
export const consumers: readonly Consumer[] = [
  welcomeMail,
  orderConfirmation,
  orderShipped,
  orderCancelled,
  orderRefunded,
  backInStock,
];
