import { test } from './support/fixtures.ts';
import { orderTrackingFlows } from './support/order-tracking-flows.ts';

// A phone 390 px wide: Track Order for orders that move, without JavaScript, then with it.
test.use({ viewport: { width: 390, height: 844 } });
orderTrackingFlows(false);
orderTrackingFlows(true);
