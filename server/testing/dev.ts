// The service in development and e2e (`npm run server`): with the local fake PayPal and VIES
// unless PAYPAL_API_BASE and VIES_API_BASE name real ones. Production runs server/index.ts.
import { runService } from '../service';
import { startWithFakes } from './with-fakes';

await runService(startWithFakes);
