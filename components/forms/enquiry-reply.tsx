import { useEffect, useRef } from 'react';
import type { EnquiryCopy } from '@/lib/content';
import { isoDate, longDate, todayOf } from '@/lib/enquiry/dates';
import type { Enquiry } from '@/lib/enquiry/model';
import { plannedEvents, schedulerLink, startingPrices } from '@/lib/enquiry/submission';
import button from '@/components/ui/button.module.css';
import styles from './enquiry.module.css';

type Props = {
  enquiry: Enquiry;
  copy: EnquiryCopy;
  success: string;
  schedulingUrl: string;
  phone: string;
};

/**
 * The answer made on the page from what the couple sent: the thank-you of content first, their events as
 * a timeline, what coverage like theirs starts at in their currency, a call to book with their
 * names and e-mail filled in, and when the studio answers.
 */
export function EnquiryReply({ enquiry, copy, success, schedulingUrl, phone }: Props) {
  const thanks = useRef<HTMLParagraphElement>(null);
  useEffect(() => thanks.current?.focus(), []);
  const today = todayOf(new Date());
  const [beforePhone, afterPhone] = copy.reply.phone.split('{phone}');
  return (
    <div className={styles.reply}>
      <p ref={thanks} className={styles.success} role="status" tabIndex={-1}>
        {success}
      </p>
      <h2 className={styles.sectionHeading}>{copy.reply.timeline}</h2>
      <ol className={styles.timeline}>
        {plannedEvents(enquiry, copy, today).map((event, index) => (
          <li key={index}>
            <strong>{event.label}</strong>
            {event.date ? (
              <time dateTime={isoDate(event.date)}>{longDate(event.date)}</time>
            ) : (
              <span>{copy.check.undated}</span>
            )}
            <span>{[event.venue, event.city].filter(Boolean).join(', ')}</span>
          </li>
        ))}
      </ol>
      <p>{startingPrices(enquiry, copy)}</p>
      <p>{copy.reply.quoted}</p>
      <p>{copy.reply.bookIntro}</p>
      <a className={button.primary} href={schedulerLink(schedulingUrl, enquiry, copy, today)}>
        {copy.reply.book}
      </a>
      <p>{copy.reply.promise}</p>
      <p>
        {beforePhone}
        <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
        {afterPhone}
      </p>
    </div>
  );
}
