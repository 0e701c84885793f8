// The order's reference, sealed, in PayPal's custom_id: what proves from PayPal's record alone that
// an order is ours, which code it used and whose address it was (server/README.md).
import { PAYPAL_TEXT_MAX } from './orders';

/**
 * What an order's custom_id says: our reference (orders the service created), or, in an order a
 * browser created before that, the address given at checkout and the discount code ("email code").
 * Anyone can write custom_id from PayPal's JS SDK, so such an address counts only when it is one
 * plain address: never a list that would mail the links to several inboxes.
 */
export type CustomId =
  | {
      kind: 'reference';
      ref: string;
      seal: string | null;
      /** The sale's seal (orders created since it was added): see `saleSeal` in tokens.ts. */
      sale: string | null;
      code: string | null;
    }
  | { kind: 'legacy'; email: string | null; code: string | null };

/**
 * What the service writes in custom_id: "<reference>.<seal>.s<sale>[.<code>]" (see `orderSeal`
 * and `saleSeal` in tokens.ts; the sale's seal starts with a lower-case "s", which no code has);
 * at most 95 characters, within PayPal's 127 and its transaction search's character set.
 */
export const customIdFor = (ref: string, seal: string, sale: string, code: string | null) =>
  `${ref}.${seal}.s${sale}${code ? `.${code}` : ''}`;

const ONE_ADDRESS = /^[^\s@,;:<>()[\]"\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/** One plain address (no list, no display name, no comments), within RFC 5321's 254. */
export const isOneAddress = (text: string) => text.length <= 254 && ONE_ADDRESS.test(text);

export function readCustomId(value: string | undefined): CustomId {
  const text = (value ?? '').slice(0, PAYPAL_TEXT_MAX);
  const ours =
    /^(SJ-[A-Z0-9]{12})(?:\.([A-Za-z0-9_-]{22})(?:\.s([A-Za-z0-9_-]{22}))?(?:\.([A-Z0-9_-]{2,32}))?)?$/.exec(
      text,
    );
  if (ours) {
    const [, ref, seal, sale, code] = ours;
    return {
      kind: 'reference',
      ref: ref!,
      seal: seal ?? null,
      sale: sale ?? null,
      code: code ?? null,
    };
  }
  const [email, code, ...rest] = text.split(' ');
  return {
    kind: 'legacy',
    email: email && rest.length === 0 && isOneAddress(email) ? email : null,
    code: code || null,
  };
}
