import { Hono } from 'hono';

/**
 * The VIES prefixes (Greece writes EL) and Northern Ireland's XI: the country codes VIES's
 * CheckVatRequest accepts.
 */
const VIES_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

/** VIES's vatNumber: the number after the prefix, 2 to 12 letters, digits, + or * (its WSDL's). */
const VAT_NUMBER = /^[0-9A-Za-z+*.]{2,12}$/;

/** Numbers the fake's registries hold unless a test says otherwise: well-formed, and registered. */
export const FAKE_REGISTERED = ['DE136695976', 'FR40303265045', 'ATU13585627', 'EL094259216'];

/**
 * A local stand-in for the EU's VIES REST API, for development and tests: POST /check-vat-number
 * checked as VIES checks it (INVALID_INPUT for a country or number of the wrong shape), answering
 * `valid` for the numbers its registries hold, and, for a member state a test has taken down, the
 * error VIES gives then (MS_UNAVAILABLE, HTTP 500). A test's hand: POST /fake/registered adds a
 * number; POST /fake/member-states/:code sets `{ "available": false }`.
 */
export function createFakeVies(registered: Iterable<string> = FAKE_REGISTERED) {
  const numbers = new Set(registered);
  const down = new Set<string>();
  const app = new Hono();
  const refused = (status: 400 | 500, error: string) =>
    Response.json({ actionSucceed: false, errorWrappers: [{ error }] }, { status });

  app.post('/check-vat-number', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const countryCode = body?.countryCode;
    const vatNumber = body?.vatNumber;
    if (
      typeof countryCode !== 'string' ||
      !VIES_COUNTRIES.has(countryCode) ||
      typeof vatNumber !== 'string' ||
      !VAT_NUMBER.test(vatNumber)
    ) {
      return refused(400, 'INVALID_INPUT');
    }
    if (down.has(countryCode)) return refused(500, 'MS_UNAVAILABLE');
    const valid = numbers.has(`${countryCode}${vatNumber}`);
    return c.json({
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      // Given only to a requester that names its own EU VAT number, which the shop does not.
      requestIdentifier: '',
      name: valid ? '---' : '',
      address: valid ? '---' : '',
    });
  });

  app.post('/fake/registered', async (c) => {
    const { number } = await c.req.json<{ number: string }>();
    numbers.add(number);
    return c.json({ registered: [...numbers] });
  });

  app.post('/fake/member-states/:code', async (c) => {
    const { available } = await c.req.json<{ available: boolean }>();
    const code = c.req.param('code');
    if (available) down.delete(code);
    else down.add(code);
    return c.json({ down: [...down] });
  });

  return app;
}
