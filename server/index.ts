// The order-confirmation service's production entry (`node server/dist/index.mjs`; README, "The
// order-confirmation service"). It talks to the PayPal and VIES its settings name: in development,
// `npm run server` (server/testing/dev.ts) starts the local fakes for it.
import { runService, startService } from './service';

await runService(startService);
