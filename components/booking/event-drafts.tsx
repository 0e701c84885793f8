'use client';

import type { InputHTMLAttributes } from 'react';
import button from '@/components/ui/button.module.css';
import { TextField } from '@/components/ui/field';
import formStyles from '@/components/ui/form.module.css';
import type { StudioWords } from '@/lib/booking/content';
import type { BookingEvent } from '@/lib/booking/schedule';
import { styles } from './booking-styles';

/** An event of a proposal being written: its price as typed. */
export type Draft = Omit<BookingEvent, 'priceCents'> & { price: string };

/** Each event's fields: what it holds, its label's word, and its input's attributes. */
const EVENT_FIELDS = [
  ['name', 'eventName', { required: true }],
  ['date', 'date', { type: 'date', required: true }],
  ['venue', 'venue', {}],
  ['city', 'city', { required: true }],
  ['coverage', 'coverage', { required: true }],
  ['price', 'price', { inputMode: 'decimal', required: true }],
  ['delivers', 'delivers', {}],
] as const satisfies readonly [
  keyof Draft,
  keyof StudioWords,
  InputHTMLAttributes<HTMLInputElement>,
][];

export const blank = (n: number): Draft => ({
  id: `e${n}`,
  kind: 'other',
  name: '',
  date: '',
  venue: '',
  city: '',
  coverage: '',
  delivers: '',
  price: '',
});

/** A proposal's events, each a group of fields, removed and added. */
export function EventDrafts({
  words,
  events,
  onChange,
}: {
  words: StudioWords;
  events: Draft[];
  onChange(events: Draft[]): void;
}) {
  const change = (index: number, field: keyof Draft, value: string) =>
    onChange(events.map((event, i) => (i === index ? { ...event, [field]: value } : event)));
  return (
    <>
      {events.map((event, index) => (
        <fieldset key={event.id} className={styles.group}>
          <legend>
            {words.event} {index + 1}
          </legend>
          <div className={formStyles.form}>
            {EVENT_FIELDS.map(([key, label, attributes]) => (
              <TextField
                label={words[label]}
                wide={key === 'delivers'}
                key={key}
                value={event[key]}
                onValue={(value) => change(index, key, value)}
                {...attributes}
              />
            ))}
          </div>
          {events.length > 1 && (
            <button
              type="button"
              className={button.outline}
              onClick={() => onChange(events.filter((_, i) => i !== index))}
            >
              {words.removeEvent} {event.name}
            </button>
          )}
        </fieldset>
      ))}
      <button
        type="button"
        className={button.outline}
        onClick={() =>
          onChange([...events, blank(Math.max(0, ...events.map((e) => Number(e.id.slice(1)))) + 1)])
        }
      >
        {words.addEvent}
      </button>
    </>
  );
}
