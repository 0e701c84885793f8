import { useEffect, type Dispatch } from 'react';
import { trackEvent } from '@/components/analytics/analytics';
import type { EnquiryCopy } from '@/lib/content';
import type { Action, State } from '@/lib/browser/enquiry/form-state';
import {
  emptyEnquiry,
  isBlank,
  prefill,
  readDraft,
  writeDraft,
  type Enquiry,
} from '@/lib/browser/enquiry/model';
import { readSent, SENT_KEY, writeSent, type SentEnquiry } from '@/lib/browser/enquiry/sent';
import { currencyFor } from '@/lib/browser/enquiry/submission';

/** Where the device keeps the draft. */
const DRAFT_KEY = 'saanjh.enquiry';

/**
 * The enquiry on the device: the draft read on arrival (or a link's pre-fill, or what this device
 * sent before), kept as they type and forgotten once Formspree has it; what was sent kept for
 * their return, and counted as a lead once.
 */
export function useEnquiryStorage(
  state: State,
  dispatch: Dispatch<Action>,
  succeeded: boolean,
  copy: EnquiryCopy,
) {
  const { enquiry } = state;

  // The draft the device kept, then a link's pre-fill where the draft left the first event empty;
  // with neither, the enquiry this device sent before, if any.
  useEffect(() => {
    let draft: Enquiry | null = null;
    let kept: SentEnquiry | null = null;
    try {
      draft = readDraft(window.localStorage.getItem(DRAFT_KEY));
      kept = readSent(window.localStorage.getItem(SENT_KEY));
    } catch {
      // Storage refused (a private window): the form still works, without a kept draft.
    }
    const params = new URLSearchParams(window.location.search);
    const restored = draft !== null && !isBlank(draft);
    const filled = prefill(draft ?? emptyEnquiry(), params, copy.eventKinds);
    dispatch({
      type: 'loaded',
      enquiry: filled.enquiry,
      restored,
      prefilled: filled.filled,
      kept: restored || filled.filled ? null : kept,
    });
    // Read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Kept as they type; forgotten once Formspree has it.
  useEffect(() => {
    if (!state.loaded) return;
    try {
      if (succeeded || isBlank(enquiry)) window.localStorage.removeItem(DRAFT_KEY);
      else window.localStorage.setItem(DRAFT_KEY, writeDraft(enquiry));
    } catch {
      // As above: nothing kept, nothing lost on this page.
    }
  }, [enquiry, state.loaded, succeeded]);

  // What was sent (made at Send), kept on the device once Formspree has it, for their return.
  useEffect(() => {
    if (!succeeded || !state.sending) return;
    try {
      window.localStorage.setItem(SENT_KEY, writeSent(state.sending));
    } catch {
      // Not kept: the reply is still on this page.
    }
    trackEvent('generate_lead', {
      event_count: enquiry.events.length,
      currency: currencyFor(enquiry.country, copy.countries),
    });
    // Once per enquiry sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [succeeded]);
}
