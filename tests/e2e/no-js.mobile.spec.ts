import { purchaseFlows } from './support/purchase-flows.ts';

// Phone (Pixel 7): every shopper action without JavaScript, then with it.
purchaseFlows(false);
purchaseFlows(true);
