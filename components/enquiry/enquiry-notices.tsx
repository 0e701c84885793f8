import type { EnquiryCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import type { Prefilled } from '@/lib/browser/enquiry/model';
import button from '@/components/ui/button.module.css';
import styles from './enquiry.module.css';

type Props = {
  copy: EnquiryCopy;
  restored: boolean;
  prefilled: Prefilled | null;
  cleared: boolean;
  onStartAgain: () => void;
  onUndo: () => void;
};

/**
 * "an Anand Karaj", "a Sangeet", "the Pheras": the event as the notice names it, in the content's
 * words where "a" or "an" reads wrong (its kind's `inSentences`).
 */
const inSentence = (name: string, kind: EnquiryCopy['eventKinds'][number] | undefined) =>
  kind?.inSentences.find((each) => each.name === name)?.sentence ??
  `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

/**
 * "We've started with an Anand Karaj at Gurdwara Dasmesh Darbar, as in Harleen & Karan's wedding:
 * change anything."
 */
export function prefillNotice(filled: Prefilled, copy: EnquiryCopy): string {
  const kind = copy.eventKinds.find((entry) => entry.value === filled.kind);
  const event = filled.name || kind?.label;
  const what = event ? inSentence(event, kind) : filled.venue || filled.city;
  const parts = [
    fillIn(copy.prefill.started, { event: what }),
    event &&
      (filled.venue || filled.city) &&
      ` ${fillIn(copy.prefill.at, { venue: filled.venue || filled.city })}`,
    filled.from && `, ${fillIn(copy.prefill.from, { couple: filled.from })}`,
    `: ${copy.prefill.change}`,
  ];
  return parts.filter(Boolean).join('');
}

/** What the form says at its top: a link's pre-fill, a kept draft, or a cleared one with Undo. */
export function EnquiryNotices({
  copy,
  restored,
  prefilled,
  cleared,
  onStartAgain,
  onUndo,
}: Props) {
  return (
    <>
      {prefilled && (
        <div className={styles.notice} role="status">
          <p>{prefillNotice(prefilled, copy)}</p>
        </div>
      )}
      {restored && (
        <div className={styles.notice} role="status">
          <p>{copy.draft.restored}</p>
          <button
            id="enquiry-start-again"
            type="button"
            className={button.outline}
            onClick={onStartAgain}
          >
            {copy.draft.startAgain}
          </button>
        </div>
      )}
      {cleared && (
        // Focus moves to Undo, which the notice describes: heard at once, without a live region.
        <div className={styles.notice} role="status">
          <p id="enquiry-cleared">{copy.draft.cleared}</p>
          <button
            id="enquiry-undo"
            type="button"
            className={button.outline}
            onClick={onUndo}
            aria-describedby="enquiry-cleared"
          >
            {copy.draft.undo}
          </button>
        </div>
      )}
    </>
  );
}
