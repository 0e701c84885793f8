// A wedding as the booking's tests (server/booking/, e2e/tests/booking.spec.ts) propose it: the
// enquiry's eventsJson as Formspree delivers it (lib/browser/enquiry/send.ts writes it), and the
// proposal the studio makes of it for two signers; and what the service's booking tests share:
// the studio signed in, a booking sent, signed by both and paid, as the pages call the service.
import assert from 'node:assert/strict';
import { eventsFromEnquiry } from '@/lib/booking/enquiry';
import { contact } from '@/lib/content';
import type { Proposal } from '../booking/model';
import type { BookingView } from '../booking/view';
import { approve, retried, SITE, staffAddress, type Service, type Smtp } from './harness';

/** Three events over three days, as the couple's enquiry sends them. */
export const ENQUIRY = JSON.stringify([
  {
    kind: 'mehndi',
    name: 'Mehndi',
    date: '2027-09-10',
    city: 'Surrey',
    venue: 'Home',
    guests: 80,
    coverage: 'photo',
    availability: null,
  },
  {
    kind: 'ceremony',
    name: 'Anand Karaj',
    date: '2027-09-12',
    city: 'Surrey',
    venue: 'Gurdwara Dasmesh Darbar',
    guests: 400,
    coverage: 'both',
    availability: null,
  },
  {
    kind: 'reception',
    name: 'Reception',
    date: '2027-09-12',
    city: 'Vancouver',
    venue: 'Hyatt',
    guests: 300,
    coverage: 'both',
    availability: null,
  },
]);

type Signer = { name: string; email: string };

/** The studio's proposal from the enquiry: priced from the starting prices, in CAD, in BC. */
export function proposalFromEnquiry(signers: Signer[]) {
  const copy = contact.enquiry;
  const made = eventsFromEnquiry(ENQUIRY, copy.startingPrices, copy.coverage, 'CAD');
  assert.ok('events' in made);
  return {
    couple: 'Priya & Arjun',
    signers,
    events: made.events,
    currency: 'CAD',
    place: { country: 'CA', region: 'BC' },
    retainerCents: 100_000,
    balanceDaysBefore: 30,
    note: '',
  };
}

export const PRIYA = { name: 'Priya Sharma', email: 'priya@example.com' };
export const ARJUN = { name: 'Arjun Mehta', email: 'arjun@example.com' };

/** The proposal the service's tests make: the enquiry's, for Priya and Arjun. */
export const ourProposal = () => ({
  ...proposalFromEnquiry([PRIYA, ARJUN]),
  note: 'So glad to be asked.',
});

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers },
  body: JSON.stringify(body),
});

/** The studio's browser: a cookie jar of one session, over HTTP as the page would call. */
export async function signIn(service: Service, smtp: Smtp, email = staffAddress()) {
  const asked = await fetch(`${service.url}/api/studio/sign-in`, json({ email }));
  assert.equal(asked.status, 202);
  const letter = () =>
    smtp.messages.findLast((m) => m.to?.[0]?.address === email && /signin=/.test(m.text ?? ''));
  await retried(() => !!letter());
  const token = /signin=([\w-]+)/.exec(letter()!.text!)![1]!;
  const session = await fetch(`${service.url}/api/studio/session`, json({ token }));
  assert.equal(session.status, 200);
  const cookie = session.headers.get('set-cookie')!;
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /Secure/i);
  assert.match(cookie, /SameSite=Strict/i);
  const jar = cookie.split(';')[0]!;
  const studio = (path: string, body?: unknown) =>
    fetch(
      `${service.url}/api/studio${path}`,
      body === undefined ? { headers: { Cookie: jar, Origin: SITE } } : json(body, { Cookie: jar }),
    );
  return { studio, token, jar };
}

/** The couple's (or a payer's) page calls the booking's API. */
export const couple = (service: Service, path: string, body: unknown) =>
  fetch(`${service.url}/api/booking${path}`, json(body));

export async function viewOf(response: Response): Promise<BookingView> {
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as BookingView;
}

/** The proposal's link (its #token) e-mailed to `to` for a booking, once it arrives. */
export async function linkTo(smtp: Smtp, to: string, id: string) {
  const sent = () =>
    smtp.messages.findLast(
      (m) => m.to?.[0]?.address === to && (m.text ?? '').includes(`/proposal/#${id}.`),
    );
  await retried(() => !!sent());
  return /\/proposal\/#([\w.-]+)/.exec(sent()!.text!)![1]!;
}

/** A booking the studio proposed and sent: its session, the booking, and the couple's token. */
export async function sentBooking(service: Service, smtp: Smtp, input: unknown = ourProposal()) {
  const { studio } = await signIn(service, smtp);
  const made = await studio('/bookings', input);
  assert.equal(made.status, 200, await made.clone().text());
  const draft = (await made.json()) as BookingView;
  await studio(`/bookings/${draft.id}/send`, {});
  return { studio, draft, token: await linkTo(smtp, PRIYA.email, draft.id) };
}

/** Both partners sign with the codes e-mailed to them. */
export async function signAll(service: Service, smtp: Smtp, token: string) {
  let view = await viewOf(await couple(service, '/open', { token }));
  for (const [signer, who] of [PRIYA, ARJUN].entries()) {
    const codes = () =>
      smtp.messages.filter(
        (m) => m.to?.[0]?.address === who.email && /Your code is \d{6}/.test(m.text ?? ''),
      );
    const before = codes().length;
    assert.equal((await couple(service, '/code', { token, signer })).status, 200);
    await retried(() => codes().length > before);
    const code = /Your code is (\d{6})/.exec(codes().at(-1)!.text!)![1]!;
    view = await viewOf(
      await couple(service, '/sign', {
        token,
        signer,
        name: who.name.toUpperCase(),
        code,
        consent: true,
        sha256: view.toSign!.sha256,
      }),
    );
  }
  return view;
}

/** A payer asks for an instalment's PayPal order (its id), holding it as `holder`. */
export async function payOrder(
  service: Service,
  token: string,
  payer: string,
  instalment?: string,
  holder = `holder-${payer.replace(/\W/g, '')}`,
) {
  const created = await couple(service, '/pay', {
    token,
    payer,
    holder,
    ...(instalment ? { instalment } : {}),
  });
  assert.equal(created.status, 200, await created.clone().text());
  return ((await created.json()) as { id: string }).id;
}

/** An instalment paid through PayPal: ordered, approved (no webhook), captured by the page. */
export async function payWithPayPal(
  service: Service,
  token: string,
  payer: string,
  instalment?: string,
) {
  const id = await payOrder(service, token, payer, instalment);
  await approve(service, id, { webhook: false });
  return viewOf(await couple(service, '/capture', { token, orderId: id }));
}

/** A proposal as the service keeps it (the studio's, with its tax), for tests of the store. */
export const storedProposal = (currency = 'CAD', tax: Proposal['tax'] = null): Proposal => ({
  couple: 'Priya & Arjun',
  signers: [{ name: 'Priya', email: 'priya@example.com' }],
  events: [
    {
      id: 'e1',
      kind: 'ceremony',
      name: 'Anand Karaj',
      date: '2027-09-10',
      venue: 'Gurdwara',
      city: 'Surrey',
      coverage: 'Photographs',
      delivers: '',
      priceCents: 100_000,
    },
  ],
  currency,
  place: { country: 'CA', region: 'BC' },
  retainerCents: 0,
  balanceDaysBefore: 30,
  note: '',
  tax,
});
