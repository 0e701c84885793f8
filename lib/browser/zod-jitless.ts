// The page's zod parses without eval: its compiled parsers would trip the site's
// Content-Security-Policy. Imported by the page code that parses (the checkout's details), so
// that the service, which shares the schemas (lib/shared/), keeps zod's compiled parsers.
import 'client-only';
import { config } from 'zod/mini';

config({ jitless: true });
