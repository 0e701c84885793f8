'use client';

import type { SubmissionError } from '@formspree/core';
import { useState } from 'react';

export type FormspreeErrors = SubmissionError<Record<string, string>>;

export type Sent = {
  submitting: boolean;
  succeeded: boolean;
  /** What Formspree refused, field by field or for the whole form. */
  errors: FormspreeErrors | null;
  /** Formspree was not reached: no connection, or its client could not be loaded. */
  unreachable: boolean;
};

const idle: Sent = { submitting: false, succeeded: false, errors: null, unreachable: false };

type Loaded = [typeof import('@formspree/core'), typeof import('@/lib/browser/enquiry/send')];
let loaded: Promise<Loaded> | undefined;

/**
 * Formspree's own client and what Send makes of the answers (lib/browser/enquiry/send.ts), loaded
 * once the couple is on their way to Send rather than with the page (filling the form in needs
 * neither): `prepare` starts the download, Send waits for it. A failed download is forgotten, so
 * the next Send tries again.
 */
function load() {
  loaded ??= Promise.all([import('@formspree/core'), import('@/lib/browser/enquiry/send')]).catch(
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}

/**
 * The enquiry's submission through `@formspree/core`, as `@formspree/react`'s `useForm` does it
 * (the same endpoint, headers and answers) without shipping that package's card-payment support
 * with the page: the client is fetched at the check step, or at Send at the latest.
 */
export function useFormspree(formKey: string) {
  const [sent, setSent] = useState<Sent>(idle);

  /** Sends what `make` makes of the answers with Send's rules, once both are loaded. */
  const send = async (make: (rules: Loaded[1]) => Record<string, string>) => {
    setSent({ ...idle, submitting: true });
    try {
      const [{ getDefaultClient, isSubmissionError }, rules] = await load();
      const data = make(rules);
      const answer = await getDefaultClient().submitForm(formKey, data);
      if (!isSubmissionError(answer)) return setSent({ ...idle, succeeded: true });
      // Formspree's client turns a failed connection into a form error with no code.
      const unreachable = answer
        .getFormErrors()
        .some((error) => !error.code || error.code === 'UNSPECIFIED');
      setSent({ ...idle, errors: answer, unreachable });
    } catch {
      setSent({ ...idle, unreachable: true });
    }
  };

  return [sent, send, () => void load().catch(() => {})] as const;
}
