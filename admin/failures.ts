// The editor's failures said in words on the page, not only in the console: a request its security
// policy refused (a photo's upload read back from a blob: address, say), and a request to GitHub
// that did not arrive or was refused while saving or publishing. Decap says its own validation
// errors; these are the ones it leaves to the console.

/** A sentence for a refused or failed request; null for one Decap answers itself. */
export function failureWords(
  failure:
    | { kind: 'policy'; blocked: string; directive: string }
    | { kind: 'network'; method: string; url: string }
    | { kind: 'answer'; method: string; url: string; status: number },
): string | null {
  switch (failure.kind) {
    case 'policy':
      return `The editor's page refused to reach ${failure.blocked || 'an address'} (its security policy, ${failure.directive}): what you just did may not be saved. Reload the editor and try again; if it happens again, tell whoever looks after the site.`;
    case 'network':
      return `The editor could not reach ${new URL(failure.url).host}: your last change may not be saved. Check the connection and save again.`;
    case 'answer':
      // A read Decap expects to miss (a file not there yet), or a check of a draft: its own business.
      if (failure.method === 'GET' || failure.status === 404 || failure.status === 422) return null;
      return failure.status === 401 || failure.status === 403
        ? `GitHub refused to save (${failure.status}): your sign-in has expired or may not write here. Sign out, sign in again and save again.`
        : `GitHub could not save your change (it answered ${failure.status}). Nothing was lost in this window: save again in a minute.`;
  }
}

/** Puts each failure in a line under the status line, until dismissed or the next success. */
export function sayFailures(region: HTMLElement) {
  const say = (words: string | null) => {
    if (!words || [...region.children].some((each) => each.textContent === words)) return;
    region.append(Object.assign(document.createElement('p'), { textContent: words }));
  };
  document.addEventListener('securitypolicyviolation', (event) =>
    say(
      failureWords({
        kind: 'policy',
        blocked: event.blockedURI,
        directive: event.effectiveDirective,
      }),
    ),
  );
  const fetchBefore = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    // Read without making a Request of it, which would use up a request's body.
    const request = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      url: input instanceof Request ? input.url : String(input),
    };
    try {
      const answer = await fetchBefore(input, init);
      if (!answer.ok) {
        say(
          failureWords({
            kind: 'answer',
            method: request.method,
            url: request.url,
            status: answer.status,
          }),
        );
      } else if (request.method !== 'GET') {
        region.replaceChildren();
      }
      return answer;
    } catch (error) {
      // A read that fails (the status line's own questions, say) is said where it is asked.
      if ((error as Error).name !== 'AbortError' && request.method !== 'GET') {
        say(failureWords({ kind: 'network', method: request.method, url: request.url }));
      }
      throw error;
    }
  };
}
