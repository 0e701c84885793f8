import { minorUnit } from '@/lib/shared/money';
import { discountCents, type CodeProblem, type OrderLine } from '@/lib/shared/order';
import type { CodeRecord, CodeStore } from './store';

/** Codes are kept and compared in capitals: "launch20" is LAUNCH20. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export const CODE_PATTERN = /^[A-Z0-9_-]{2,32}$/;

/**
 * What a code takes off these lines at a moment (now for the checkout's question, the order's
 * creation at PayPal for a delivery): unknown or disabled, expired by then, used up by orders
 * recorded before then, below its minimum, or for none of these packs; else its discount.
 */
export function applyCode(
  store: Pick<CodeStore, 'findCode' | 'codeUses'>,
  code: string,
  lines: readonly OrderLine[],
  at: number,
  /** The shop's currency: a discount is in its smallest amount (whole yen). */
  currency: string,
): { rule: CodeRecord; cents: number } | { problem: CodeProblem } {
  const rule = store.findCode(normalizeCode(code));
  if (!rule || rule.disabled) return { problem: 'unknown' };
  if (rule.expiresAt !== null && at >= rule.expiresAt) return { problem: 'expired' };
  if (rule.usageLimit !== null && store.codeUses(rule.code, at) >= rule.usageLimit) {
    return { problem: 'used-up' };
  }
  const discount = discountCents(lines, rule, minorUnit(currency));
  return 'problem' in discount ? discount : { rule, cents: discount.cents };
}
