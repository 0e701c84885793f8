// The booking pages' client of the order service: Hono's typed client over the routes' own types
// (server/booking/routes.ts, imported as types only), so that a changed request or answer fails
// the type check here, and no service code or zod reaches the browser. The studio's calls carry
// its session cookie (credentials: 'include'); the couple's carry their link's token in the body.
import 'client-only';
import { hc } from 'hono/client';
import type { CoupleApi, StudioApi } from '@/server/booking/routes';
import type { BookingView, InstalmentView } from '@/server/booking/view';

export type { BookingView, InstalmentView };

const trimmed = (apiBase: string) => apiBase.replace(/\/+$/, '');
export const coupleClient = (apiBase: string) => hc<CoupleApi>(`${trimmed(apiBase)}/api/booking`);
export const studioClient = (apiBase: string) =>
  hc<StudioApi>(`${trimmed(apiBase)}/api/studio`, { init: { credentials: 'include' } });

export type StudioClient = ReturnType<typeof studioClient>;

/** An answer read: its body when it is 200, else the service's words, or none when unreachable. */
export type Asked<T> =
  | { ok: T }
  /** The service's words, and each field it names (a 400). */
  | { error: string; status: number; issues: { path: string; message: string }[] }
  | { unreachable: true };

/**
 * Asks the service; reads a JSON answer defensively (a proxy's error page is no answer), since a
 * page left open may meet a newer service.
 */
export async function ask<T>(request: () => Promise<Response>): Promise<Asked<T>> {
  let response: Response;
  try {
    response = await request();
  } catch {
    return { unreachable: true };
  }
  const body = (await response.json().catch(() => null)) as
    (T & { error?: string; issues?: { path: string; message: string }[] }) | null;
  if (response.ok && body) return { ok: body };
  if (body && typeof body.error === 'string') {
    return { error: body.error, status: response.status, issues: body.issues ?? [] };
  }
  return { unreachable: true };
}

/** A signed document's PDF, saved as the browser saves a download. */
export async function downloadDocument(apiBase: string, token: string, id: number, name: string) {
  const response = await coupleClient(apiBase)
    .document.$post({ json: { token, id } })
    .catch(() => null);
  if (!response?.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

/** A random id of this page, which holds an instalment while its payer is in PayPal's window. */
export const holderId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
