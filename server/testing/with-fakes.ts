// The service as development and tests run it: the fake PayPal and VIES first (where the settings
// ask for them: FAKE_PAYPAL_PORT, FAKE_VIES_PORT), then the service, told where they answer. The
// production entry (server/index.ts) never loads this, nor the Ajv and PayPal descriptions the
// fake checks requests with.
import type { ServerType } from '@hono/node-server';
import type { Config } from '../config';
import { createLog, type Log } from '../log';
import { close, listen, startService, type Elsewhere } from '../service';
import { createFakeVies } from './fake-vies';
import { createFakePayPal } from './paypal/fake-paypal';

export async function startWithFakes(
  config: Config,
  log: Log = createLog(),
  /** A clock of the test's, which the service and the fake PayPal share. */
  now?: () => number,
) {
  const fakes: ServerType[] = [];
  const elsewhere: Elsewhere = { now };
  let serviceUrl = '';
  if (config.fakePayPalPort !== null) {
    const fakePayPal = createFakePayPal({
      ...config.paypal,
      webhookUrl: () => (serviceUrl ? `${serviceUrl}/webhooks/paypal` : null),
      webhookDelayMs: config.fakeWebhookDelayMs,
      now,
    });
    // The fakes never answer beyond this machine, whatever HOST the service listens on.
    const fake = await listen(fakePayPal.fetch, config.fakePayPalPort, '127.0.0.1');
    fakes.push(fake.server);
    elsewhere.paypalBase = `http://127.0.0.1:${fake.port}`;
    log.info({ msg: 'fake PayPal listening', url: elsewhere.paypalBase });
  }
  if (config.fakeViesPort !== null) {
    const fake = await listen(createFakeVies().fetch, config.fakeViesPort, '127.0.0.1');
    fakes.push(fake.server);
    elsewhere.viesBase = `http://127.0.0.1:${fake.port}`;
    log.info({ msg: 'fake VIES listening', url: elsewhere.viesBase });
  }
  const service = await startService(config, log, elsewhere);
  serviceUrl = service.url;
  const closeService = service.close;
  return Object.assign(service, {
    async close() {
      await closeService();
      await Promise.all(fakes.map(close));
    },
  });
}
