import { describe, expect, test } from '@jest/globals';
import { contact } from '@/lib/content';
import { eventsFromEnquiry } from './enquiry';

const { startingPrices, coverage } = contact.enquiry;
const read = (pasted: string) => eventsFromEnquiry(pasted, startingPrices, coverage, 'CAD');

const events = [
  {
    kind: 'sangeet',
    name: 'Sangeet',
    date: '2027-02-12',
    city: 'Surrey',
    venue: 'Crystal Banquet Hall',
    guests: null,
    coverage: 'film',
    availability: null,
  },
  {
    kind: 'reception',
    name: 'Reception',
    date: null,
    city: 'Vancouver',
    venue: '',
    guests: null,
    coverage: null,
    availability: null,
  },
];

describe('a proposal from the enquiry', () => {
  test('reads eventsJson alone, or in the whole submission, priced from the starting prices', () => {
    for (const pasted of [
      JSON.stringify(events),
      JSON.stringify({ name: 'Priya', eventsJson: JSON.stringify(events) }),
    ]) {
      expect(read(pasted)).toEqual({
        events: [
          {
            id: 'e1',
            kind: 'sangeet',
            name: 'Sangeet',
            date: '2027-02-12',
            venue: 'Crystal Banquet Hall',
            city: 'Surrey',
            coverage: 'A film',
            delivers: '',
            priceCents: 150_000,
          },
          // No coverage chosen counts as both; no date yet is the studio's to fill in.
          {
            id: 'e2',
            kind: 'reception',
            name: 'Reception',
            date: '',
            venue: '',
            city: 'Vancouver',
            coverage: 'Photographs and a film',
            delivers: '',
            priceCents: 240_000,
          },
        ],
      });
    }
  });

  test('reads the record the couple’s device kept, whose events have a label', () => {
    const kept = {
      version: 1,
      sentOn: '2026-11-20',
      events: [{ label: 'Pheras', date: '2027-03-01', venue: 'Mandir', city: 'Brampton' }],
    };
    const made = read(JSON.stringify(kept));
    expect('events' in made && made.events.map((e) => [e.name, e.date, e.city])).toEqual([
      ['Pheras', '2027-03-01', 'Brampton'],
    ]);
  });

  test('says what is wrong with a paste that is not an enquiry', () => {
    expect(read('Priya and Arjun, three events')).toEqual({
      problem: expect.stringMatching(/does not read as JSON/),
    });
    expect(read('{"name":"Priya"}')).toEqual({ problem: expect.stringMatching(/lists no events/) });
  });
});
