// Run before the e2e server starts (playwright.config.ts): stock moves with every order now, and the
// suite's whole purchases (with and without JavaScript, on two screen sizes) buy more T-Rex Thongs in
// XS and Bralettes than the seed stocks. Receiving some keeps each run's purchases from selling out
// what later tests add; the variants whose low stock tests look at (marks, steppers) are left alone.
// Then the orders Track Order's tests find shipped and delivered (moved-orders.ts): the shop's moves are
// the operator's, and nothing may open the data directory beside the running server.
import { prepareDatabase } from '../../../server/prepare-database.ts';
import { connectDatabase } from '../../../db/connect.ts';
import { stockStreamId } from '../../../domain/stock/stock.events.ts';
import { appendWithProjections } from '../../support/append.ts';
import { prepareMovedOrders } from './moved-orders.ts';

const RESTOCKED = [100, 400];
const QUANTITY = 500;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: tsx tests/e2e/support/restock.ts DATA_DIR');
const db = await connectDatabase({ dataDir, durable: false });
try {
  await prepareDatabase(db, () => {});
  for (const variantId of RESTOCKED) {
    await appendWithProjections(db, stockStreamId(variantId), 0, [
      {
        type: 'StockReceived',
        data: { schemaVersion: 1, variantId, quantity: QUANTITY, at: new Date().toISOString() },
      },
    ]);
  }
  await prepareMovedOrders(db);
} finally {
  await db.close();
}
