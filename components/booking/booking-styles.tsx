// The booking pages' classes, styled by public/booking.css, which only those pages link: kept out
// of the stylesheet every other page inlines (next.config.mjs merges CSS modules into one).

/** `styles.summary` is "booking-summary", a class of public/booking.css. */
export const styles: Readonly<Record<string, string>> = new Proxy(
  {},
  { get: (_, name) => (typeof name === 'string' ? `booking-${name}` : undefined) },
);

/**
 * The booking pages' stylesheet, for each of them to render: React puts it in the head, before
 * the page is shown, and once however many components render it.
 */
export function BookingStyles() {
  // A CSS import would be inlined into every page of the site (see above).
  // eslint-disable-next-line @next/next/no-css-tags
  return <link rel="stylesheet" href="/booking.css" precedence="booking" />;
}
