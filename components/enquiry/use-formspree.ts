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

let client: Promise<typeof import('@formspree/core')> | undefined;

/**
 * Formspree's own client, loaded once the couple is on their way to Send rather than with the page
 * (it is not needed to fill the form in): `prepare` starts the download, Send waits for it. A
 * failed download is forgotten, so the next Send tries again.
 */
function loadClient() {
  client ??= import('@formspree/core').catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/**
 * The enquiry's submission through `@formspree/core`, as `@formspree/react`'s `useForm` does it
 * (the same endpoint, headers and answers) without shipping that package's card-payment support
 * with the page: the client is fetched at the check step, or at Send at the latest.
 */
export function useFormspree(formKey: string) {
  const [sent, setSent] = useState<Sent>(idle);

  const send = async (data: Record<string, string>) => {
    setSent({ ...idle, submitting: true });
    try {
      const { getDefaultClient, isSubmissionError } = await loadClient();
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

  return [sent, send, () => void loadClient().catch(() => {})] as const;
}
