import { useEffect, type Dispatch } from 'react';
import { trackEvent } from '@/components/analytics/analytics';
import type { EnquiryCopy } from '@/lib/content';
import type { Action, State } from '@/lib/browser/enquiry/form-state';
import {
  emptyEnquiry,
  isBlank,
  prefill,
  PREFILL_PARAMS,
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

  // The draft the device kept, then a link's pre-fill where the draft left the first event empty.
  // Without a draft, the enquiry this device sent before, if any, is shown first (a link's
  // pre-fill waits for "Start a new enquiry"), so a reload after Send never makes a new draft.
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
      kept: restored ? null : kept,
    });
    // The pre-fill's query leaves the address once read: a reload or a shared link does not
    // apply it again.
    const address = new URL(window.location.href);
    for (const name of PREFILL_PARAMS) address.searchParams.delete(name);
    if (address.href !== window.location.href) {
      window.history.replaceState(window.history.state, '', address);
    }
    // Read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Kept as they type; forgotten once Formspree has it. Not while the reply to a sent enquiry
  // shows: a pre-fill waiting behind it is not a draft.
  useEffect(() => {
    if (!state.loaded || state.kept) return;
    try {
      if (succeeded || isBlank(enquiry)) window.localStorage.removeItem(DRAFT_KEY);
      else window.localStorage.setItem(DRAFT_KEY, writeDraft(enquiry));
    } catch {
      // As above: nothing kept, nothing lost on this page.
    }
  }, [enquiry, state.loaded, state.kept, succeeded]);

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
