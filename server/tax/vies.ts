// The EU's VIES service, asked whether a business buyer's VAT number is registered (its REST API's
// POST /check-vat-number). A number VIES confirms is reverse-charged; one it does not know, or no
// answer in time, and the buyer is charged as a consumer (server/README.md, "Tax").
import type { VatCheck } from '@/lib/shared/tax';
import { formatVatNumber, type VatNumber } from '@/lib/shared/vat-number';
import type { Log } from '../log';

/** VIES's production address; VIES_API_BASE replaces it (the fake's, in development and tests). */
export const VIES_API_BASE = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/** What the order records of the check: VIES's answer, when, and its consultation number. */
export type VatNumberCheck = {
  number: string;
  check: VatCheck;
  checkedAt: string;
  /** VIES's `requestIdentifier`: given only to a requester that names its own EU VAT number. */
  consultation: string | null;
};

export type ViesClient = { check(number: VatNumber): Promise<VatNumberCheck> };

/** VIES's answer to a check (CheckVatResponse), in the parts read here. */
type CheckVatResponse = {
  countryCode?: unknown;
  vatNumber?: unknown;
  valid?: unknown;
  requestDate?: unknown;
  requestIdentifier?: unknown;
};

/** VIES's answer when it could not check (CommonResponse): its error names. */
type CommonResponse = { actionSucceed?: boolean; errorWrappers?: { error?: string }[] };

/** How long VIES's answer about a number is kept: it is asked again the next day. */
export const VIES_ANSWER_MS = 24 * 60 * 60 * 1000;
/** Answers kept at most (the oldest go first). */
const KEPT_ANSWERS = 10_000;

export function createViesClient({
  apiBase,
  timeoutMs,
  log,
  now = Date.now,
}: {
  apiBase: string;
  /** VIES asks its member state's registry, which may be slow: past this, the number is unchecked. */
  timeoutMs: number;
  log: Log;
  now?: () => number;
}): ViesClient {
  /** VIES's answers of the last day (registered or not; a failure to answer is asked again). */
  const answers = new Map<string, { answer: Promise<VatNumberCheck>; at: number }>();

  return {
    check(number) {
      const key = formatVatNumber(number);
      const kept = answers.get(key);
      if (kept && now() - kept.at < VIES_ANSWER_MS) return kept.answer;
      const answer = ask(number).then((result) => {
        if (result.check === 'unavailable') answers.delete(key);
        return result;
      });
      answers.delete(key);
      answers.set(key, { answer, at: now() });
      if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
      return answer;
    },
  };

  async function ask(number: VatNumber): Promise<VatNumberCheck> {
    const asked = { number: formatVatNumber(number), checkedAt: new Date(now()).toISOString() };
    const unavailable = (reason: string): VatNumberCheck => {
      log.warn({ msg: 'VIES did not check a VAT number', number: asked.number, reason });
      return { ...asked, check: 'unavailable', consultation: null };
    };
    let response: Response;
    try {
      response = await fetch(`${apiBase}/check-vat-number`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ countryCode: number.prefix, vatNumber: number.digits }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return unavailable((error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable');
    }
    const body = (await response.json().catch(() => null)) as
      (CheckVatResponse & CommonResponse) | null;
    if (!response.ok || typeof body?.valid !== 'boolean') {
      const errors = body?.errorWrappers?.map((each) => each.error).join(', ');
      return unavailable(errors || `HTTP ${response.status}`);
    }
    // An answer about another number is no answer about this one.
    if (body.countryCode !== number.prefix || body.vatNumber !== number.digits) {
      return unavailable(`answered for ${String(body.countryCode)}${String(body.vatNumber)}`);
    }
    return {
      ...asked,
      check: body.valid ? 'valid' : 'invalid',
      consultation:
        typeof body.requestIdentifier === 'string' && body.requestIdentifier
          ? body.requestIdentifier
          : null,
    };
  }
}
