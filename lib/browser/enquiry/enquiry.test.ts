/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { contact, type Availability } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { dayState, isFresh } from './availability';
import { inputId, problems } from './check';
import { checkDate, longDate, usDate } from './dates';
import { combined, estimate, estimateLine, formatWhole } from './estimate';
import { edits, initialState, nextEventId, reducer } from './form-state';
import {
  emptyEnquiry,
  emptyEvent,
  nextEvent,
  prefill,
  readDraft,
  writeDraft,
  type Enquiry,
} from './model';
import { sentDay, summaryText } from './reply';
import { cityCountry, schedulerLink, sentRecord, submission, weddingCoverage } from './send';
import { readSent, writeSent } from './sent';
import { currencyFor, plannedEvents } from './submission';

const copy = contact.enquiry;
const today = { year: 2026, month: 11, day: 25 };
const kinds = copy.eventKinds;

const enquiry: Enquiry = {
  fields: {
    name: 'Anika & Dev',
    email: 'anika@example.com',
    howDidYouHear: 'Instagram',
    phone: '+1 604 555 0101',
    instagramHandles: '',
    planner: '',
    message: 'Three days in February.',
  },
  events: [
    {
      ...emptyEvent(1),
      kind: 'ceremony',
      name: 'Anand Karaj',
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
  country: 'Canada',
  otherCountry: '',
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

  test('a whole amount as the couple reads it', () => {
    expect(formatWhole(2400, 'CAD')).toBe('CA$2,400');
    expect(formatWhole(120000, 'INR')).toBe('₹1,20,000');
    expect(formatWhole(1800, 'USD')).toBe('$1,800');
  });
});

describe('asked once, made for the submission', () => {
  test('cityCountry: each city once, in order, then the country (or the one typed)', () => {
    expect(cityCountry(enquiry, copy)).toBe('Surrey, Vancouver, Canada');
    const elsewhere = {
      ...enquiry,
      events: [
        { ...emptyEvent(1), city: ' Nairobi ' },
        { ...emptyEvent(2), city: 'nairobi' },
      ],
      country: copy.country.elsewhere,
      otherCountry: 'Kenya',
    };
    expect(cityCountry(elsewhere, copy)).toBe('Nairobi, Kenya');
  });

  test('the wedding’s coverage is what its events add up to', () => {
    expect(weddingCoverage(enquiry)).toBe('both');
    expect(combined(['photo', 'photo'])).toBe('photo');
    expect(combined(['film'])).toBe('film');
    expect(combined(['photo', 'film'])).toBe('both');
    expect(combined([])).toBe('');
  });

  test('a new event starts in the city and with the coverage of the one before', () => {
    expect(nextEvent(2, enquiry.events[1])).toEqual({
      ...emptyEvent(2),
      city: 'Surrey',
      coverage: 'film',
    });
    expect(nextEvent(1, undefined)).toEqual(emptyEvent(1));
  });
});

describe('the estimate for the whole wedding', () => {
  const prices = copy.startingPrices;
  const day = (d: number) => ({ year: 2027, month: 5, day: d });
  const event = (
    date: ReturnType<typeof day> | null,
    coverage: 'photo' | 'film' | 'both' | '',
  ) => ({
    kind: 'sangeet',
    label: 'Sangeet',
    date,
    city: 'Brampton',
    venue: '',
    guests: null,
    coverage,
    availability: null,
  });

  test('one event a day at the per-event price; several at the whole-day price when lower', () => {
    // Day 1: a sangeet (2,400); day 2: the Anand Karaj and the reception (2 × 2,400 = 4,800 < 5,600).
    const threeOverTwo = [event(day(15), 'both'), event(day(16), 'both'), event(day(16), 'both')];
    expect(estimate(threeOverTwo, prices, 'CAD')).toEqual({
      currency: 'CAD',
      total: 2400 + 4800,
      events: 3,
      days: 2,
    });
    // Three on one day: 7,200 one by one, 5,600 for the day.
    const threeInOneDay = [event(day(16), 'both'), event(day(16), 'both'), event(day(16), 'both')];
    expect(estimate(threeInOneDay, prices, 'CAD').total).toBe(5600);
  });

  test('a day of photographs and of a film is priced as both; no choice counts as both', () => {
    const mixed = [event(day(16), 'photo'), event(day(16), 'film'), event(day(16), 'film')];
    // 1,200 + 1,500 + 1,500 = 4,200 one by one, under the 5,600 of a day of both.
    expect(estimate(mixed, prices, 'CAD').total).toBe(4200);
    expect(estimate([event(day(16), '')], prices, 'USD').total).toBe(prices.both.USD.perEvent);
  });

  test('undated events are each at the per-event price, and the days are not counted', () => {
    const result = estimate([event(null, 'photo'), event(null, 'photo')], prices, 'INR');
    expect(result).toEqual({ currency: 'INR', total: 120000, events: 2, days: null });
    expect(estimateLine(result, copy.reply)).toBe('For your two events: from ₹1,20,000.');
  });

  test('the sentence the reply and the submission carry', () => {
    expect(estimateLine({ currency: 'CAD', total: 7200, events: 3, days: 2 }, copy.reply)).toBe(
      'For your three events over two days: from CA$7,200.',
    );
    expect(estimateLine({ currency: 'USD', total: 1800, events: 1, days: 1 }, copy.reply)).toBe(
      'For your one event over one day: from $1,800.',
    );
  });
});

describe('availability', () => {
  const list: Availability = {
    updated: '2026-11-20',
    dates: [
      { date: '2027-05-15', status: 'booked' },
      { date: '2027-05-16', status: 'one-team' },
    ],
  };
  const may = (d: number) => ({ year: 2027, month: 5, day: d });

  test('booked, one team left, or free, as the list says', () => {
    expect(dayState(list, may(15), today)).toBe('booked');
    expect(dayState(list, may(16), today)).toBe('one-team');
    expect(dayState(list, may(17), today)).toBe('free');
  });

  test('a list not updated for more than 30 days says nothing', () => {
    expect(isFresh(list, { year: 2026, month: 12, day: 20 })).toBe(true);
    expect(isFresh(list, { year: 2026, month: 12, day: 21 })).toBe(false);
    expect(dayState(list, may(15), { year: 2026, month: 12, day: 21 })).toBeNull();
  });

  test('the submission carries what was shown per event', () => {
    const sent = submission(
      {
        ...enquiry,
        events: [{ ...enquiry.events[0]!, day: '15', month: '5' }, enquiry.events[2]!],
      },
      copy,
      today,
      '',
      list,
    );
    expect(
      JSON.parse(sent.eventsJson!).map((e: { availability: unknown }) => e.availability),
    ).toEqual(['booked', null]);
    expect(sent.events).toContain(`(we showed: "${copy.availability.booked}")`);
  });

  test('the estimate names the events on booked and one-team days, and what the studio proposes', () => {
    const wedding = {
      ...enquiry,
      events: [
        { ...enquiry.events[0]!, day: '15', month: '5' },
        { ...enquiry.events[1]!, day: '16', month: '5' },
        { ...enquiry.events[2]!, day: '17', month: '5', year: '2027' },
      ],
    };
    const record = sentRecord(wedding, copy, today, 'https://cal.example/saanjh', list);
    const base = estimateLine(
      estimate(plannedEvents(wedding, copy, today), copy.startingPrices, 'CAD'),
      copy.reply,
    );
    expect(record.estimate).toBe(
      [
        base,
        fillIn(copy.availability.bookedEvents, { events: 'Anand Karaj, Saturday 15 May 2027' }),
        fillIn(copy.availability.oneTeamEvents, { events: 'Sangeet, Sunday 16 May 2027' }),
      ].join(' '),
    );
    // The check page, the reply, the saved summary and the studio's copy say the same.
    expect(submission(wedding, copy, today, '', list).estimate).toBe(record.estimate);
    expect(summaryText(record, copy, 'Saanjh')).toContain(record.estimate);
    expect(readSent(writeSent(record))?.estimate).toBe(record.estimate);
    // Free days, or a list gone stale, say nothing more.
    expect(sentRecord(wedding, copy, today, 'https://cal.example/saanjh').estimate).toBe(base);
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
      ['enquiry-country', copy.errors.country],
      ['event-4-kind', 'Choose what event 1 is'],
      ['event-4-day', 'The date of event 1 is not a real date'],
      ['event-4-city', 'Enter the city of event 1'],
      ['event-4-guests', copy.errors.guests.replace('{n}', '1')],
      ['event-7-day', 'The date of event 2 has already passed'],
    ]);
  });

  test('"Somewhere else" asks which country; cityCountry is never asked', () => {
    const elsewhere = { ...enquiry, country: copy.country.elsewhere };
    expect(problems(elsewhere, contact.fields, copy, today)).toEqual([
      { id: 'enquiry-other-country', section: 'events', message: copy.errors.otherCountry },
    ]);
    expect(problems({ ...elsewhere, otherCountry: 'Kenya' }, contact.fields, copy, today)).toEqual(
      [],
    );
  });
});

describe('the submission', () => {
  const sent = submission(enquiry, copy, today, '');

  test('keeps the fixed fields, with eventDate from the first event and cityCountry made', () => {
    expect(sent).toMatchObject({
      ...enquiry.fields,
      eventDate: '02/12/2027',
      cityCountry: 'Surrey, Vancouver, Canada',
      coverage: copy.coverage.both,
      _gotcha: '',
    });
  });

  test('carries the estimate the couple was shown', () => {
    // 12 Feb: a film (1,500); 14 Feb: both (2,400); undated reception: both (2,400).
    expect(sent.estimate).toBe('For your three events: from CA$6,300.');
  });

  test('lists the events for the inbox, soonest first, undated last', () => {
    expect(sent.events).toBe(
      [
        '1. Sangeet, Friday 12 February 2027, Crystal Banquet Hall, Surrey, A film',
        '2. Anand Karaj, Sunday 14 February 2027, Gurdwara Dasmesh Darbar, Surrey, about 400 guests, Photographs and a film',
        '3. Reception, Date not fixed yet, Vancouver',
      ].join('\n'),
    );
    expect(JSON.parse(sent.eventsJson!)).toEqual([
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
        kind: 'ceremony',
        name: 'Anand Karaj',
        date: '2027-02-14',
        city: 'Surrey',
        venue: 'Gurdwara Dasmesh Darbar',
        guests: 400,
        coverage: 'both',
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
      'Sangeet 02/12/2027 Surrey; Anand Karaj 02/14/2027 Surrey; Reception Vancouver',
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
        events: [
          null,
          { kind: 'haldi', day: 12, city: 'Delhi', coverage: 'drone' },
          ...Array(20).fill({}),
        ],
        coverage: 'both',
      }),
    )!;
    expect(repaired.fields).toEqual({ name: 'A' });
    expect(repaired.events).toHaveLength(10);
    // A version-1 draft (before the family names and the country asked once) is read, not lost.
    expect(repaired.events[1]).toEqual({ ...emptyEvent(2), kind: 'haldi', city: 'Delhi' });
    expect(readDraft(JSON.stringify({ version: 1, events: [] }))!.events).toEqual([emptyEvent(1)]);
  });

  test('a link pre-fills only what it names in the first event, says so, and a draft wins', () => {
    const params = new URLSearchParams(
      'event=ceremony&name=Anand%20Karaj&city=Surrey&venue=Gurdwara%20Dasmesh%20Darbar&from=Harleen%20%26%20Karan',
    );
    const filled = prefill(emptyEnquiry(), params, kinds);
    expect(filled.enquiry.events[0]).toMatchObject({
      kind: 'ceremony',
      name: 'Anand Karaj',
      city: 'Surrey',
      venue: 'Gurdwara Dasmesh Darbar',
      day: '',
    });
    expect(filled.filled).toEqual({
      kind: 'ceremony',
      name: 'Anand Karaj',
      city: 'Surrey',
      venue: 'Gurdwara Dasmesh Darbar',
      from: 'Harleen & Karan',
    });
    expect(prefill(enquiry, params, kinds)).toEqual({ enquiry, filled: null });
    const onlyKind = prefill(emptyEnquiry(), new URLSearchParams('event=sangeet'), kinds);
    expect(onlyKind.enquiry.events[0]).toMatchObject({ kind: 'sangeet', city: '', venue: '' });
    expect(prefill(emptyEnquiry(), new URLSearchParams('event=<script>'), kinds).filled).toBeNull();
    // A name the kind does not list is not taken.
    expect(
      prefill(emptyEnquiry(), new URLSearchParams('event=ceremony&name=Party'), kinds).enquiry
        .events[0]!.name,
    ).toBe('');
  });
});

describe('the form’s state', () => {
  test('Start again clears, Undo brings it all back, and the next edit forgets the undo', () => {
    const editing = { ...initialState, enquiry, restored: true };
    const cleared = reducer(editing, { type: 'start-again' });
    expect(cleared.enquiry).toEqual(emptyEnquiry());
    expect(reducer(cleared, { type: 'undo' }).enquiry).toEqual(enquiry);
    const typed = reducer(cleared, {
      type: 'edit',
      change: (e) => ({ ...e, budget: 'x' }),
      recheck: () => [],
    });
    expect(typed.cleared).toBeNull();
    expect(reducer(typed, { type: 'undo' }).enquiry.budget).toBe('x');
  });

  const check = (e: Enquiry) => problems(e, contact.fields, copy, today);
  const edit = (state: typeof initialState, change: (e: Enquiry) => Enquiry) =>
    reducer(state, { type: 'edit', change, recheck: check });

  test('the check sends the couple back with what is wrong, or on to the summary', () => {
    const blank = reducer(initialState, { type: 'checked', problems: check(emptyEnquiry()) });
    expect(blank.step).toBe('edit');
    expect(blank.problems.map((problem) => problem.id)).toContain(inputId.field('name'));
    const ready = reducer({ ...initialState, enquiry }, { type: 'checked', problems: [] });
    expect(ready.step).toBe('check');
    expect(reducer(ready, { type: 'change' }).step).toBe('edit');
  });

  test('before the first check nothing is said; after it, each message goes once put right', () => {
    expect(edit(initialState, edits.field('name', '')).problems).toEqual([]);
    const told = reducer(
      { ...initialState, enquiry: { ...enquiry, fields: { ...enquiry.fields, name: '' } } },
      { type: 'checked', problems: check({ ...enquiry, fields: { ...enquiry.fields, name: '' } }) },
    );
    expect(told.problems.map((problem) => problem.id)).toContain(inputId.field('name'));
    const fixed = edit(told, edits.field('name', 'Anika & Dev'));
    expect(fixed.problems.map((problem) => problem.id)).not.toContain(inputId.field('name'));
    expect(fixed.problems).toHaveLength(told.problems.length - 1);
  });

  test('an added event takes the last one’s city and coverage and a fresh id; a removed one goes alone', () => {
    const id = nextEventId(enquiry);
    expect(id).toBe(4);
    const added = edits.addEvent(id)({ ...enquiry, events: enquiry.events.slice(0, 2) });
    expect(added.events.at(-1)).toMatchObject({
      id: 4,
      city: 'Surrey',
      coverage: 'film',
      kind: '',
    });
    const removed = edits.removeEvent(2)(enquiry);
    expect(removed.events.map((event) => event.id)).toEqual([1, 3]);
    expect(nextEventId(removed)).toBe(4);
  });

  test('an edit to one event or field leaves the others as they were', () => {
    const moved = edits.event(2, { venue: 'Aria Banquet' })(enquiry);
    expect(moved.events[1]!.venue).toBe('Aria Banquet');
    expect(moved.events[0]).toBe(enquiry.events[0]);
    const phone = edits.field('phone', '+1 604 555 0199')(enquiry);
    expect(phone.fields).toEqual({ ...enquiry.fields, phone: '+1 604 555 0199' });
    expect(edits.budget('Not sure yet')(enquiry).budget).toBe('Not sure yet');
  });
});

describe('the record kept after sending', () => {
  const record = sentRecord(enquiry, copy, today, 'https://calendly.com/saanjh/consultation');

  test('holds the day, the events as chosen, the estimate and the booking link, and survives a round trip', () => {
    expect(record).toMatchObject({
      sentOn: '2026-11-25',
      name: 'Anika & Dev',
      email: 'anika@example.com',
      estimate: 'For your three events: from CA$6,300.',
    });
    expect(record.events.map((event) => event.label)).toEqual([
      'Sangeet',
      'Anand Karaj',
      'Reception',
    ]);
    expect(readSent(writeSent(record))).toEqual(record);
    expect(summaryText(record, copy, 'Saanjh Studio')).toContain(
      'Anand Karaj, Sunday 14 February 2027, Gurdwara Dasmesh Darbar, Surrey',
    );
  });

  test('a tampered or broken record is none: no script link reaches the page', () => {
    expect(readSent('{')).toBeNull();
    expect(readSent(writeSent({ ...record, bookingUrl: 'javascript:alert(1)' }))).toBeNull();
    expect(readSent(writeSent({ ...record, sentOn: 'yesterday' }))).toBeNull();
    expect(readSent(JSON.stringify({ ...record, version: 7 }))).toBeNull();
  });

  test('"25 November" this year, with the year otherwise', () => {
    expect(sentDay('2026-11-25', today)).toBe('25 November');
    expect(sentDay('2025-11-25', today)).toBe('25 November 2025');
  });

  test('the events the check page lists are the ones sent', () => {
    expect(plannedEvents(enquiry, copy, today).map((event) => event.label)).toEqual(
      record.events.map((event) => event.label),
    );
  });
});
