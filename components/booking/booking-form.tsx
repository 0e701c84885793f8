'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field, TextField } from '@/components/ui/field';
import button from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import type { StudioWords } from '@/lib/booking/content';
import { eventsFromEnquiry, type StartingPrices } from '@/lib/booking/enquiry';
import type { StudioClient } from '@/lib/booking/client';
import { ask, type BookingView } from '@/lib/booking/client';
import { styles } from './booking-styles';
import { blank, EventDrafts, type Draft } from './event-drafts';
import { SignerFields } from './signer-fields';
import type { BookingEvent } from '@/lib/booking/schedule';

/** The currencies the studio contracts in (PayPal's): a wedding quoted in INR is contracted in these. */
const CURRENCIES = ['CAD', 'USD', 'GBP', 'EUR', 'AUD'] as const;

/** A proposal as the service keeps it, less its tax (the place's, worked out by the service). */
export type ProposalInput = {
  couple: string;
  signers: { name: string; email: string }[];
  events: BookingEvent[];
  currency: string;
  place: { country: string; region?: string };
  retainerCents: number;
  balanceDaysBefore: number;
  note: string;
};

const whole = (cents: number) => String(cents / 100);

/**
 * A new proposal, or a new version of one (`editing`): the events from the couple's enquiry (its
 * eventsJson pasted) or typed, each priced (offered from the starting prices), who signs, the
 * currency, the wedding's place (its tax), the retainer and when each balance falls due.
 */
export function BookingForm({
  words,
  client,
  prices,
  coverageWords,
  regions,
  balanceDaysBefore,
  editing,
  onMade,
}: {
  words: StudioWords;
  client: StudioClient;
  prices: StartingPrices;
  coverageWords: Record<'photo' | 'film' | 'both', string>;
  /** The provinces whose tax differs (content/tax.json), for a wedding in Canada. */
  regions: { code: string; name: string }[];
  balanceDaysBefore: number;
  /** The booking whose proposal changes, as it stands. */
  editing?: { id: string; input: ProposalInput };
  onMade(view: BookingView): void;
}) {
  const start = editing?.input;
  const id = useId();
  const [pasted, setPasted] = useState('');
  const [events, setEvents] = useState<Draft[]>(
    start?.events.map(({ priceCents, ...event }) => ({ ...event, price: whole(priceCents) })) ?? [
      blank(1),
    ],
  );
  const [couple, setCouple] = useState(start?.couple ?? '');
  const [signers, setSigners] = useState([
    start?.signers[0] ?? { name: '', email: '' },
    start?.signers[1] ?? { name: '', email: '' },
  ]);
  const [both, setBoth] = useState(start ? start.signers.length === 2 : true);
  const [currency, setCurrency] = useState(start?.currency ?? 'CAD');
  const [country, setCountry] = useState(start?.place.country ?? 'CA');
  const [region, setRegion] = useState(start?.place.region ?? 'BC');
  const [retainer, setRetainer] = useState(start ? whole(start.retainerCents) : '1000');
  const [days, setDays] = useState(String(start?.balanceDaysBefore ?? balanceDaysBefore));
  const [note, setNote] = useState(start?.note ?? '');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  function readEnquiry() {
    const read = eventsFromEnquiry(pasted, prices, coverageWords, currency);
    if ('problem' in read) return setProblem(read.problem);
    setProblem('');
    setEvents(
      read.events.map(({ priceCents, ...event }) => ({
        ...event,
        price: String(priceCents / 100),
      })),
    );
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const cents = (value: string) => Math.round(Number(value.replace(/[^\d.]/g, '')) * 100);
    const json = {
      couple,
      signers: both ? signers : signers.slice(0, 1),
      events: events.map(({ price, ...rest }) => ({ ...rest, priceCents: cents(price) })),
      currency,
      place: country === 'CA' ? { country, region } : { country },
      retainerCents: cents(retainer),
      balanceDaysBefore: Number(days),
      note,
    };
    const asked = await ask<BookingView>(() =>
      editing
        ? client.bookings[':id'].$post({ param: { id: editing.id }, json })
        : client.bookings.$post({ json }),
    );
    setBusy(false);
    if ('ok' in asked) return onMade(asked.ok);
    setProblem('error' in asked ? describe(asked) : 'The service cannot be reached.');
  }

  return (
    <form className={styles.studioForm} onSubmit={create}>
      <h2 id={`${id}-heading`}>{editing ? words.edit : words.newBooking}</h2>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${id}-enquiry`}>
          {words.enquiry}
        </label>
        <textarea
          id={`${id}-enquiry`}
          className={formStyles.input}
          rows={3}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
        />
        <button type="button" className={button.outline} onClick={readEnquiry}>
          {words.readEnquiry}
        </button>
      </div>
      <div className={formStyles.form}>
        <TextField label={words.couple} wide required value={couple} onValue={setCouple} />
        <SignerFields
          words={words}
          signers={signers.slice(0, both ? 2 : 1)}
          onChange={(changed) =>
            setSigners((list) => list.map((signer, i) => changed[i] ?? signer))
          }
        />
        <label className={`${styles.consent} ${formStyles.wide}`}>
          <input type="checkbox" checked={both} onChange={(e) => setBoth(e.target.checked)} />{' '}
          {words.secondSigner}
        </label>
      </div>
      <EventDrafts words={words} events={events} onChange={setEvents} />
      <div className={formStyles.form}>
        <Field label={words.currency}>
          <select
            className={formStyles.input}
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
          >
            {CURRENCIES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Field>
        <TextField
          label={words.country}
          required
          maxLength={2}
          value={country}
          onValue={(value) => setCountry(value.toUpperCase())}
        />
        {country === 'CA' && (
          <Field label={words.region}>
            <select
              className={formStyles.input}
              value={region}
              onChange={(e) => setRegion(e.target.value)}
            >
              {regions.map((each) => (
                <option key={each.code} value={each.code}>
                  {each.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <TextField
          label={words.retainer}
          inputMode="decimal"
          required
          value={retainer}
          onValue={setRetainer}
        />
        <TextField
          label={words.balanceDays}
          type="number"
          min={0}
          max={365}
          required
          value={days}
          onValue={setDays}
        />
        <Field label={words.note} wide>
          <textarea
            className={formStyles.input}
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
      </div>
      {problem && (
        <p role="alert" className={formStyles.error}>
          {problem}
        </p>
      )}
      <button type="submit" className={button.primary} disabled={busy}>
        {words.create}
      </button>
    </form>
  );
}

/** The service's refusal, with the fields it names (a 400 lists each). */
const describe = (asked: { error: string; issues: { path: string; message: string }[] }) =>
  [asked.error, ...asked.issues.map((issue) => `${issue.path}: ${issue.message}`)].join(' ');
