/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { contact } from '@/lib/content';
import { problems } from './check';
import { checkDate, longDate, usDate } from './dates';
import { emptyEnquiry, emptyEvent, prefill, readDraft, writeDraft, type Enquiry } from './model';
import { currencyFor, formatWhole, schedulerLink, startingPrices, submission } from './submission';

const copy = contact.enquiry;
const today = { year: 2026, month: 11, day: 25 };
const kinds = copy.eventKinds.map((kind) => kind.value);

const enquiry: Enquiry = {
  fields: {
    name: 'Anika & Dev',
    email: 'anika@example.com',
    howDidYouHear: 'Instagram',
    instagramHandles: '',
    cityCountry: 'Surrey, Canada',
    planner: '',
    message: 'Three days in February.',
  },
  events: [
    {
      ...emptyEvent(1),
      kind: 'ceremony',
      day: '14',
      month: '2',
      year: '2027',
      city: 'Surrey',
      venue: 'Gurdwara Dasmesh Darbar',
      guests: '400',
      coverage: 'both',
    },
    {
      ...emptyEvent(2),
      kind: 'sangeet',
      day: '12',
      month: '02',
      year: '2027',
      city: 'Surrey',
      venue: 'Crystal Banquet Hall',
      guests: '',
      coverage: 'film',
    },
    { ...emptyEvent(3), kind: 'reception', city: 'Vancouver' },
  ],
  coverage: 'both',
  country: 'Canada',
  budget: 'CA$10,000 to CA$20,000',
};

describe('dates', () => {
  test('all empty is no date; some empty is incomplete', () => {
    expect(checkDate({ day: '', month: ' ', year: '' }, today)).toEqual({ kind: 'empty' });
    expect(checkDate({ day: '14', month: '', year: '2027' }, today)).toEqual({
      kind: 'incomplete',
    });
  });

  test('31 February, month 13, day 0 and a two-digit year are impossible; 29 February only in leap years', () => {
    for (const [day, month, year] of [
      ['31', '2', '2027'],
      ['1', '13', '2027'],
      ['0', '5', '2027'],
      ['5', '5', '27'],
      ['x', '5', '2027'],
      ['29', '2', '2027'],
    ])
      expect(checkDate({ day: day!, month: month!, year: year! }, today)).toEqual({
        kind: 'impossible',
      });
    expect(checkDate({ day: '29', month: '2', year: '2028' }, today).kind).toBe('date');
  });

  test('yesterday has passed; today has not', () => {
    expect(checkDate({ day: '24', month: '11', year: '2026' }, today)).toEqual({ kind: 'past' });
    expect(checkDate({ day: '25', month: '11', year: '2026' }, today)).toEqual({
      kind: 'date',
      date: today,
    });
  });

  test('mm/dd/yyyy and a long date', () => {
    expect(usDate({ year: 2027, month: 2, day: 4 })).toBe('02/04/2027');
    expect(longDate({ year: 2027, month: 2, day: 14 })).toBe('Sunday 14 February 2027');
  });
});

describe('currency and prices', () => {
  test('CAD for Canada, INR for India, USD for the United States and anywhere else', () => {
    expect(currencyFor('Canada', copy.countries)).toBe('CAD');
    expect(currencyFor('India', copy.countries)).toBe('INR');
    expect(currencyFor('United States', copy.countries)).toBe('USD');
    expect(currencyFor(copy.country.elsewhere, copy.countries)).toBe('USD');
  });

  test('every currency has budget bands and every coverage a starting price in it', () => {
    for (const currency of ['CAD', 'INR', 'USD'] as const) {
      expect(copy.budget.bands[currency].length).toBeGreaterThan(0);
      for (const coverage of ['photo', 'film', 'both'] as const)
        expect(copy.startingPrices[coverage][currency].perEvent).toBeGreaterThan(0);
    }
  });

  test('starting prices in the couple’s currency', () => {
    const price = copy.startingPrices.both.CAD;
    expect(startingPrices(enquiry, copy)).toContain(formatWhole(price.perEvent, 'CAD'));
    expect(formatWhole(price.perEvent, 'CAD')).toMatch(/^CA\$\d/);
    expect(formatWhole(120000, 'INR')).toBe('₹1,20,000');
    const india = startingPrices({ ...enquiry, country: 'India', coverage: 'photo' }, copy);
    expect(india).toContain(formatWhole(copy.startingPrices.photo.INR.perDay, 'INR'));
    expect(india).toContain(copy.coverage.photo);
  });
});

describe('problems', () => {
  test('a complete enquiry has none', () => {
    expect(problems(enquiry, contact.fields, copy, today)).toEqual([]);
  });

  test('each problem names its input, in the order of the form', () => {
    const found = problems(
      {
        ...enquiry,
        fields: { ...enquiry.fields, name: ' ', email: 'anika@' },
        events: [
          { ...emptyEvent(4), day: '31', month: '2', year: '2027', guests: 'lots' },
          { ...emptyEvent(7), kind: 'haldi', day: '1', month: '1', year: '2020', city: 'Delhi' },
        ],
        country: '',
      },
      contact.fields,
      copy,
      today,
    );
    expect(found.map((problem) => [problem.id, problem.message])).toEqual([
      ['contact-name', 'Enter your names'],
      ['contact-email', copy.errors.emailInvalid],
      ['event-4-kind', 'Choose what event 1 is'],
      ['event-4-day', 'The date of event 1 is not a real date'],
      ['event-4-city', 'Enter the city of event 1'],
      ['event-4-guests', copy.errors.guests.replace('{n}', '1')],
      ['event-7-day', 'The date of event 2 has already passed'],
      ['enquiry-country', copy.errors.country],
    ]);
  });
});

describe('the submission', () => {
  const sent = submission(enquiry, copy, today, '');

  test('keeps the fixed fields, with eventDate from the first event', () => {
    expect(sent).toMatchObject({ ...enquiry.fields, eventDate: '02/12/2027', _gotcha: '' });
  });

  test('lists the events for the inbox, soonest first, undated last', () => {
    expect(sent.events).toBe(
      [
        '1. Sangeet, Friday 12 February 2027, Crystal Banquet Hall, Surrey, A film',
        '2. Ceremony (pheras, Anand Karaj, nikah), Sunday 14 February 2027, Gurdwara Dasmesh Darbar, Surrey, about 400 guests, Photographs and a film',
        '3. Reception, Date not fixed yet, Vancouver',
      ].join('\n'),
    );
    expect(JSON.parse(sent.eventsJson!)).toEqual([
      {
        kind: 'sangeet',
        date: '2027-02-12',
        city: 'Surrey',
        venue: 'Crystal Banquet Hall',
        guests: null,
        coverage: 'film',
      },
      {
        kind: 'ceremony',
        date: '2027-02-14',
        city: 'Surrey',
        venue: 'Gurdwara Dasmesh Darbar',
        guests: 400,
        coverage: 'both',
      },
      { kind: 'reception', date: null, city: 'Vancouver', venue: '', guests: null, coverage: null },
    ]);
  });

  test('subject, currency and budget', () => {
    expect(sent._subject).toBe('Wedding enquiry: Anika & Dev, 02/12/2027, Surrey');
    expect(sent).toMatchObject({ currency: 'CAD', country: 'Canada', budget: enquiry.budget });
  });

  test('the scheduler link carries names, e-mail and, on Calendly, the events', () => {
    const link = new URL(
      schedulerLink('https://calendly.com/saanjh/consultation', enquiry, copy, today),
    );
    expect(link.searchParams.get('name')).toBe('Anika & Dev');
    expect(link.searchParams.get('email')).toBe('anika@example.com');
    expect(link.searchParams.get('a1')).toBe(
      'Sangeet 02/12/2027 Surrey; Ceremony (pheras, Anand Karaj, nikah) 02/14/2027 Surrey; Reception Vancouver',
    );
    expect(
      new URL(schedulerLink('https://book.example.com/x', enquiry, copy, today)).searchParams.has(
        'a1',
      ),
    ).toBe(false);
  });
});

describe('the draft', () => {
  test('survives a round trip', () => {
    expect(readDraft(writeDraft(enquiry))).toEqual(enquiry);
  });

  test('a corrupted draft is repaired or ignored, never a crash', () => {
    expect(readDraft('{not json')).toBeNull();
    expect(readDraft('[]')).toBeNull();
    expect(readDraft(JSON.stringify({ version: 99 }))).toBeNull();
    const repaired = readDraft(
      JSON.stringify({
        version: 1,
        fields: { name: 'A', email: 5, 'bad name': 'x' },
        events: [null, { kind: 'haldi', day: 12, city: 'Delhi' }, ...Array(20).fill({})],
        coverage: 'drone',
      }),
    )!;
    expect(repaired.fields).toEqual({ name: 'A' });
    expect(repaired.events).toHaveLength(10);
    expect(repaired.events[1]).toEqual({ ...emptyEvent(2), kind: 'haldi', city: 'Delhi' });
    expect(repaired.coverage).toBe('');
    expect(readDraft(JSON.stringify({ version: 1, events: [] }))!.events).toEqual([emptyEvent(1)]);
  });

  test('a link pre-fills the first event without overwriting the draft', () => {
    const params = new URLSearchParams('event=sangeet&city=Surrey&venue=Crystal%20Banquet%20Hall');
    expect(prefill(emptyEnquiry(), params, kinds).events[0]).toMatchObject({
      kind: 'sangeet',
      city: 'Surrey',
      venue: 'Crystal Banquet Hall',
    });
    expect(prefill(enquiry, params, kinds).events[0]).toMatchObject({
      kind: 'ceremony',
      venue: 'Gurdwara Dasmesh Darbar',
    });
    expect(
      prefill(emptyEnquiry(), new URLSearchParams('event=<script>'), kinds).events[0]!.kind,
    ).toBe('');
  });
});
