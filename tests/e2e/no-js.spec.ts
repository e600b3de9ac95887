import { purchaseFlows } from './support/purchase-flows.ts';

// Desktop (1280 px): every shopper action without JavaScript, then with it.
purchaseFlows(false);
purchaseFlows(true);
