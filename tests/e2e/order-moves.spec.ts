import { orderTrackingFlows } from './support/order-tracking-flows.ts';

// Desktop (1280 px): Track Order for orders that move, without JavaScript, then with it.
orderTrackingFlows(false);
orderTrackingFlows(true);
