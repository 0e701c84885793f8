/** Waits until a server started for a test answers the address with a 2xx; throws after `ms`. */
export async function untilAnswers(
  url: string,
  { init, ms = 10_000 }: { init?: RequestInit; ms?: number } = {},
) {
  for (const started = Date.now(); ;) {
    if ((await fetch(url, init).catch(() => null))?.ok) return;
    if (Date.now() - started > ms) throw new Error(`${url} did not answer in ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
