// The enquiry form's state and how each of the couple's actions changes it: a pure reducer and
// the edits it applies, so that the form's components only wire inputs to actions
// (components/enquiry/).
import type { Problem } from './check';
import { emptyEnquiry, nextEvent, type Enquiry, type EnquiryEvent, type Prefilled } from './model';
import type { SentEnquiry } from './sent';

export type State = {
  enquiry: Enquiry;
  step: 'edit' | 'check';
  /** What the last check found; recomputed as the couple corrects it. */
  problems: Problem[];
  /** The draft was restored from the device. */
  restored: boolean;
  /** The device's draft has been read (nothing is written before). */
  loaded: boolean;
  /** Read out by the live region: an event removed. */
  announcement: string;
  /** What a link filled in, said at the top until the couple starts again. */
  prefilled: Prefilled | null;
  /** What "Start again" cleared, until Undo or the next edit. */
  cleared: Pick<State, 'enquiry' | 'restored' | 'prefilled'> | null;
  /** The enquiry this device sent before, shown on return until they start a new one. */
  kept: SentEnquiry | null;
  /** What Send sent: the reply once Formspree has it, kept on the device. */
  sending: SentEnquiry | null;
};

export type Action =
  | {
      type: 'loaded';
      enquiry: Enquiry;
      restored: boolean;
      prefilled: Prefilled | null;
      kept: SentEnquiry | null;
    }
  | { type: 'undo' }
  | { type: 'send'; record: SentEnquiry }
  | { type: 'start-new' }
  | { type: 'edit'; change: (enquiry: Enquiry) => Enquiry; recheck: (e: Enquiry) => Problem[] }
  | { type: 'checked'; problems: Problem[] }
  | { type: 'change' }
  | { type: 'announce'; text: string }
  | { type: 'start-again' };

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        enquiry: action.enquiry,
        restored: action.restored,
        prefilled: action.prefilled,
        kept: action.kept,
        loaded: true,
      };
    case 'edit': {
      const enquiry = action.change(state.enquiry);
      // Once the couple has been told what is wrong, each message goes as soon as it is put right.
      const problems = state.problems.length > 0 ? action.recheck(enquiry) : [];
      return { ...state, enquiry, problems, announcement: '', cleared: null };
    }
    case 'checked':
      return {
        ...state,
        problems: action.problems,
        step: action.problems.length > 0 ? 'edit' : 'check',
      };
    case 'change':
      return { ...state, step: 'edit' };
    case 'announce':
      return { ...state, announcement: action.text };
    case 'start-again':
      return {
        ...state,
        enquiry: emptyEnquiry(),
        cleared: { enquiry: state.enquiry, restored: state.restored, prefilled: state.prefilled },
        problems: [],
        restored: false,
        prefilled: null,
        step: 'edit',
      };
    case 'undo':
      return state.cleared ? { ...state, ...state.cleared, cleared: null } : state;
    case 'send':
      return { ...state, sending: action.record };
    case 'start-new':
      return { ...state, kept: null };
  }
}

export const initialState: State = {
  enquiry: emptyEnquiry(),
  step: 'edit',
  problems: [],
  restored: false,
  loaded: false,
  announcement: '',
  prefilled: null,
  cleared: null,
  kept: null,
  sending: null,
};

/** What the couple changes in the enquiry, each as a pure change (the reducer's `edit`). */
export const edits = {
  field:
    (name: string, value: string) =>
    (e: Enquiry): Enquiry => ({ ...e, fields: { ...e.fields, [name]: value } }),
  /** The country and the cities asked with it (components/enquiry/enquiry-country.tsx). */
  place:
    (change: (e: Enquiry) => Partial<Enquiry>) =>
    (e: Enquiry): Enquiry => ({ ...e, ...change(e) }),
  event:
    (id: number, change: Partial<EnquiryEvent>) =>
    (e: Enquiry): Enquiry => ({
      ...e,
      events: e.events.map((event) => (event.id === id ? { ...event, ...change } : event)),
    }),
  /** A new last event, with the city and coverage of the one before it. */
  addEvent:
    (id: number) =>
    (e: Enquiry): Enquiry => ({ ...e, events: [...e.events, nextEvent(id, e.events.at(-1))] }),
  removeEvent:
    (id: number) =>
    (e: Enquiry): Enquiry => ({ ...e, events: e.events.filter((event) => event.id !== id) }),
  budget:
    (budget: string) =>
    (e: Enquiry): Enquiry => ({ ...e, budget }),
};

/** The id a new event gets: one past the highest, so that no input's id is ever reused. */
export const nextEventId = (e: Enquiry) => Math.max(...e.events.map((event) => event.id)) + 1;
