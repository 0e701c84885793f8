/** "2026-07-02" → "2 July 2026", the same on every machine (the date is a day, not a moment). */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** "2026-07-02" → "Thu, 02 Jul 2026 00:00:00 GMT", as RSS dates are written (RFC 822). */
export const rfc822 = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();
