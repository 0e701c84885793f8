import { useEffect, useRef } from 'react';
import type { EnquiryCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { fromIso, longDate, todayOf } from '@/lib/browser/enquiry/dates';
import { sentDay, summaryText } from '@/lib/browser/enquiry/reply';
import type { SentEnquiry } from '@/lib/browser/enquiry/sent';
import button from '@/components/ui/button.module.css';
import styles from './enquiry.module.css';
import { focusInView } from '@/lib/browser/focus';

type Props = {
  record: SentEnquiry;
  /** Shown again on a return to the page, rather than just sent. */
  returning: boolean;
  onStartNew: () => void;
  copy: EnquiryCopy;
  success: string;
  phone: string;
  copyEmailed: boolean;
  studioName: string;
};

/**
 * The answer made on the page from what the couple sent, and kept on the device: the spec's
 * thank-you first (just sent) or the day they sent it (on return), a greeting by name, their
 * events, what the whole wedding starts at in their currency, a call to book with their names and
 * e-mail filled in, whether a copy was e-mailed, and when the studio answers.
 */
export function EnquiryReply({
  record,
  returning,
  onStartNew,
  copy,
  success,
  phone,
  copyEmailed,
  studioName,
}: Props) {
  const first = useRef<HTMLParagraphElement>(null);
  // The thank-you takes focus and comes into view at once: an instant scroll ends the smooth one
  // that Tab onto Send may still be running (Enter pressed 60 ms after it left the page there).
  useEffect(() => {
    if (!returning) focusInView(first.current);
  }, [returning]);
  const [beforePhone, afterPhone] = copy.reply.phone.split('{phone}');
  const summary = `data:text/plain;charset=utf-8,${encodeURIComponent(summaryText(record, copy, studioName))}`;
  return (
    <div className={styles.reply}>
      {returning ? (
        <div className={styles.notice}>
          <p>
            {fillIn(copy.reply.returning, { date: sentDay(record.sentOn, todayOf(new Date())) })}
          </p>
          <button type="button" className={button.outline} onClick={onStartNew}>
            {copy.reply.startNew}
          </button>
        </div>
      ) : (
        <div role="status">
          <p ref={first} className={styles.success} tabIndex={-1}>
            {success}
          </p>
          {record.name && <p>{fillIn(copy.reply.greeting, { name: record.name })}</p>}
        </div>
      )}
      <h2 className={styles.sectionHeading}>{copy.reply.timeline}</h2>
      <ol className={styles.timeline}>
        {record.events.map((event, index) => (
          <li key={index}>
            <strong>{event.label}</strong>
            {event.date ? (
              <time dateTime={event.date}>{longDate(fromIso(event.date))}</time>
            ) : (
              <span>{copy.check.undated}</span>
            )}
            <span>{[event.venue, event.city].filter(Boolean).join(', ')}</span>
          </li>
        ))}
      </ol>
      <p className={styles.estimate}>{record.estimate}</p>
      <p className={styles.hint}>{copy.reply.estimateBasis}</p>
      <p>{copy.reply.quoted}</p>
      <p>{copy.reply.bookIntro}</p>
      <a className={button.primary} href={record.bookingUrl}>
        {copy.reply.book}
      </a>
      <p>{copy.reply.promise}</p>
      <p>
        {copyEmailed ? fillIn(copy.reply.copied, { email: record.email }) : copy.reply.notCopied}{' '}
        <a href={summary} download="saanjh-enquiry.txt">
          {copy.reply.save}
        </a>
      </p>
      <p>
        {beforePhone}
        <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
        {afterPhone}
      </p>
    </div>
  );
}
