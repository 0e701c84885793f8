// A wedding as the booking's tests (server/booking/, e2e/tests/booking.spec.ts) propose it: the
// enquiry's eventsJson as Formspree delivers it (lib/browser/enquiry/send.ts writes it), and the
// proposal the studio makes of it for two signers.
import assert from 'node:assert/strict';
import { eventsFromEnquiry } from '@/lib/booking/enquiry';
import { contact } from '@/lib/content';

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
