// The contract as signed: the studio's template (content/booking.json) filled with this booking's
// facts, one plain text with a SHA-256 of it. The text is frozen when the first signer signs, so
// every signer signs the same words, and a later edit of the template never rewrites it. An event
// moved later is an addendum, signed the same way; the original contract is kept.
import { createHash } from 'node:crypto';
import type { BookingContent } from '@/lib/booking/content';
import { schedule, totals, type BookingEvent, type Instalment } from '@/lib/booking/schedule';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney, minorUnit } from '@/lib/shared/money';
import type { Proposal } from './model';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' });
/** "Friday, February 12, 2027": a date of the booking (YYYY-MM-DD), whatever the server's zone. */
export const dayOf = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

export const instalmentsOf = (proposal: Proposal) =>
  schedule(proposal.events, {
    retainerCents: proposal.retainerCents,
    ratePercent: proposal.tax?.ratePercent ?? 0,
    balanceDaysBefore: proposal.balanceDaysBefore,
    unit: minorUnit(proposal.currency),
  });

/** The proposal's price: before tax, its tax and the whole, in whole units of its currency. */
export const moneyOf = (proposal: Pick<Proposal, 'events' | 'tax' | 'currency'>) =>
  totals(proposal.events, proposal.tax?.ratePercent ?? 0, minorUnit(proposal.currency));

export function instalmentLabel(
  instalment: Instalment,
  proposal: Proposal,
  words: BookingContent['words'],
) {
  if (instalment.kind === 'retainer') return words.retainer;
  const event = proposal.events.find((each) => each.id === instalment.eventId);
  return fillIn(words.balance, { event: event?.name ?? instalment.id });
}

const eventLine = (event: BookingEvent, index: number, currency: string) =>
  [
    `${index + 1}. ${event.name}: ${dayOf(event.date)}, ${[event.venue, event.city].filter(Boolean).join(', ')}.`,
    `   Coverage: ${event.coverage}.${event.delivers ? ` Delivered: ${event.delivers}.` : ''}`,
    `   Price: ${formatMoney(event.priceCents, currency)} before tax.`,
  ].join('\n');

export function scheduleLines(proposal: Proposal, content: BookingContent): string {
  return instalmentsOf(proposal)
    .map((instalment) => {
      const due = instalment.dueOn
        ? fillIn(content.words.dueOn, { date: dayOf(instalment.dueOn) })
        : content.words.dueOnSigning;
      const tax = proposal.tax
        ? ` (${proposal.tax.name} ${formatMoney(instalment.taxCents, proposal.currency)} included)`
        : '';
      return `- ${instalmentLabel(instalment, proposal, content.words)}, ${due}: ${formatMoney(instalment.cents, proposal.currency)}${tax}`;
    })
    .join('\n');
}

function taxLine(proposal: Proposal) {
  const { taxCents } = moneyOf(proposal);
  if (!proposal.tax) return 'No sales tax applies to this wedding.';
  const { name, ratePercent, place, number } = proposal.tax;
  return `${name} at ${ratePercent}% for ${place} (registration ${number}): ${formatMoney(taxCents, proposal.currency)}`;
}

export type FilledDocument = {
  kind: 'contract' | 'addendum';
  version: string;
  title: string;
  text: string;
};

/** The contract for this proposal, filled in. */
export function fillContract(
  proposal: Proposal,
  content: BookingContent,
  studio: { name: string; email: string },
): FilledDocument {
  const { totalCents } = moneyOf(proposal);
  const values = {
    studio: `${studio.name} <${studio.email}>`,
    couple: `${proposal.couple}: ${proposal.signers.map((s) => `${s.name} <${s.email}>`).join(', ')}`,
    events: proposal.events.map((event, i) => eventLine(event, i, proposal.currency)).join('\n'),
    schedule: scheduleLines(proposal, content),
    total: formatMoney(totalCents, proposal.currency),
    tax: taxLine(proposal),
    cancellation: content.cancellation.words,
    version: content.contract.version,
  };
  const { title, clauses, version } = content.contract;
  const text = [
    title,
    `Version ${version}`,
    ...clauses.flatMap((clause) => [
      '',
      clause.heading.toUpperCase(),
      ...clause.paragraphs.map((paragraph) => fillIn(paragraph, values)),
    ]),
  ].join('\n');
  return { kind: 'contract', version, title, text };
}

/** The addendum for an event moved: the contract stands, but for this date and this instalment. */
export function fillAddendum(
  proposal: Proposal,
  content: BookingContent,
  moved: { event: BookingEvent; from: string },
): FilledDocument {
  const { title, paragraphs } = content.contract.addendum;
  const values = {
    event: moved.event.name,
    from: dayOf(moved.from),
    to: dayOf(moved.event.date),
    schedule: scheduleLines(proposal, content),
  };
  const text = [
    title,
    `To the contract of version ${content.contract.version}`,
    '',
    ...paragraphs.map((paragraph) => fillIn(paragraph, values)),
  ].join('\n');
  return { kind: 'addendum', version: content.contract.version, title, text };
}

/** What a new version of the proposal changes, in plain words for the couple. */
export function changesBetween(before: Proposal, after: Proposal): string[] {
  const money = (cents: number) => formatMoney(cents, after.currency);
  const changes: string[] = [];
  const old = new Map(before.events.map((event) => [event.id, event]));
  for (const event of after.events) {
    const was = old.get(event.id);
    old.delete(event.id);
    if (!was) {
      changes.push(`${event.name} added (${dayOf(event.date)}, ${money(event.priceCents)})`);
      continue;
    }
    if (was.date !== event.date) {
      changes.push(`${event.name} moved from ${dayOf(was.date)} to ${dayOf(event.date)}`);
    }
    if (was.priceCents !== event.priceCents) {
      changes.push(`${event.name}: ${money(was.priceCents)} → ${money(event.priceCents)}`);
    }
    for (const field of ['name', 'venue', 'city', 'coverage', 'delivers'] as const) {
      if (field !== 'name' && was[field] !== event[field]) {
        changes.push(`${event.name}: ${field} now “${event[field] || '—'}”`);
      }
    }
    if (was.name !== event.name) changes.push(`${was.name} is now called ${event.name}`);
  }
  for (const removed of old.values()) changes.push(`${removed.name} removed`);
  if (before.retainerCents !== after.retainerCents) {
    changes.push(`Retainer: ${money(before.retainerCents)} → ${money(after.retainerCents)}`);
  }
  if (before.balanceDaysBefore !== after.balanceDaysBefore) {
    changes.push(`Each balance now due ${after.balanceDaysBefore} days before its event`);
  }
  if (before.note !== after.note) changes.push('The studio’s note is new');
  if (JSON.stringify(before.signers) !== JSON.stringify(after.signers)) {
    changes.push(`Signing: ${after.signers.map((signer) => signer.name).join(' and ')}`);
  }
  return changes;
}
