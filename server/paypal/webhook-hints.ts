// A webhook event whose signature cannot be checked now (PayPal's certificate not held and not to
// be had: after a restart, a rotation, or forgers spending the budget of new certificates) is a
// hint, not an order: the service asks PayPal for the resource it names and acts on PayPal's
// answer. What a hint may cost PayPal is bounded here: one question per resource in a window,
// and a few a minute per client.

/** A resource named again within this long is not asked about again. */
export const HINT_WINDOW_MS = 60_000;
/** Questions to PayPal that one client's unverified events may cause per minute. */
export const HINTS_PER_SOURCE_PER_MINUTE = 30;

export type HintAdmission = 'ask' | 'asked-recently' | 'too-many';

export function webhookHints({ now = Date.now }: { now?: () => number } = {}) {
  const asked = new Map<string, number>();
  const bySource = new Map<string, number[]>();

  /** Forgets what lies outside the windows, so that memory stays bounded. */
  function prune(at: number) {
    for (const [key, when] of asked) if (at - when >= HINT_WINDOW_MS) asked.delete(key);
    for (const [source, times] of bySource) {
      const recent = times.filter((when) => at - when < 60_000);
      if (recent.length === 0) bySource.delete(source);
      else bySource.set(source, recent);
    }
  }

  return {
    /**
     * Whether a hint from `source` naming `resource` may ask PayPal now: not when the resource was
     * asked about within the window (whoever named it), nor when the source has had its share.
     */
    admit(source: string, resource: string): HintAdmission {
      const at = now();
      if (asked.size > 10_000 || bySource.size > 10_000) prune(at);
      const last = asked.get(resource);
      if (last !== undefined && at - last < HINT_WINDOW_MS) return 'asked-recently';
      const times = (bySource.get(source) ?? []).filter((when) => at - when < 60_000);
      if (times.length >= HINTS_PER_SOURCE_PER_MINUTE) return 'too-many';
      bySource.set(source, [...times, at]);
      asked.set(resource, at);
      return 'ask';
    },
  };
}
