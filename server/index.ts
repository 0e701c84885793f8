// The order-confirmation service's entry point: `npm run server` (see README, "The order-confirmation service").
import { ConfigError, loadConfig } from './config';
import { createLog } from './log';
import { startService } from './service';

const log = createLog();
try {
  const service = await startService(loadConfig(), log);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void service.close().then(() => process.exit(0)));
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  log.error({ msg: error.message });
  process.exit(1);
}
