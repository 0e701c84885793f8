// The order-confirmation service's production entry (`node server/dist/index.mjs`; README, "The
// order-confirmation service"). It talks to the PayPal and VIES its settings name: in development,
// `npm run server` (server/testing/dev.ts) starts the local fakes for it.
import { runService, startService } from './service';

await runService((config, log) => {
  if (config.fakePayPalPort !== null || config.fakeViesPort !== null) {
    log.warn({
      msg: 'This entry starts no fake PayPal or VIES: in development run `npm run server`, or set PAYPAL_API_BASE and VIES_API_BASE.',
    });
  }
  return startService(config, log);
});
