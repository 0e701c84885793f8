// A buyer's review as the /review/ page sends it and the order service accepts it: the limits both
// sides state, and the content file (content/reviews/) checks again at the build.

/** The limits of a review's fields, in characters (after surrounding spaces are trimmed). */
export const REVIEW_LIMITS = {
  title: 100,
  textMin: 10,
  textMax: 2000,
  name: 60,
} as const;

export const RATINGS = [1, 2, 3, 4, 5] as const;

export type Rating = (typeof RATINGS)[number];

/** What a buyer writes. */
export type ReviewFields = { rating: Rating; title: string; text: string; name: string };

/** What is wrong with a field, in the buyer's words: the page says it first, the service again. */
export const REVIEW_MESSAGES = {
  rating: 'Choose from 1 to 5 stars.',
  title: `Write a title of up to ${REVIEW_LIMITS.title} characters.`,
  text: `Write ${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.textMax.toLocaleString('en-US')} characters.`,
  name: `Write a name of up to ${REVIEW_LIMITS.name} characters.`,
} as const satisfies Record<keyof ReviewFields, string>;

/** A field's problem, by its name. */
export type FieldProblems = Partial<Record<keyof ReviewFields, string>>;

/** Where a review stands: not written yet, waiting for the studio, or on the site. */
export type ReviewState = 'new' | 'pending' | 'published';

/** The name a review shows unless the buyer writes another: the first name and an initial. */
export function displayName(fullName: string): string {
  const [first, ...rest] = fullName.trim().split(/\s+/).filter(Boolean);
  if (!first) return '';
  const last = rest.at(-1);
  return (last ? `${first} ${[...last][0]!.toUpperCase()}.` : first).slice(0, REVIEW_LIMITS.name);
}

/**
 * What shows of a text: its length without spaces, controls and format characters (zero-width
 * spaces and joiners, direction marks), so that a field of only those counts as empty.
 */
export const visibleLength = (text: string) => text.replace(/[\s\p{Cc}\p{Cf}\p{Z}]/gu, '').length;

/** A one-line field as it is kept: its line breaks and controls turned into single spaces. */
export const oneLineText = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A text of paragraphs as it is kept: line breaks as "\n", no other control characters. */
export const paragraphsText = (text: string) =>
  text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[^\P{Cc}\n]/gu, '')
    .trim();

/**
 * What the service would refuse in a review, checked as it checks it (the same limits, on the text
 * as it is kept): the page says it beside each field before sending.
 */
export function reviewProblems(
  fields: Omit<ReviewFields, 'rating'> & { rating: number | null },
): FieldProblems {
  const within = (text: string, min: number, max: number) =>
    text.length <= max && visibleLength(text) >= min;
  const problems: FieldProblems = {};
  if (!(RATINGS as readonly number[]).includes(fields.rating ?? 0)) {
    problems.rating = REVIEW_MESSAGES.rating;
  }
  if (!within(oneLineText(fields.title), 1, REVIEW_LIMITS.title)) {
    problems.title = REVIEW_MESSAGES.title;
  }
  if (!within(paragraphsText(fields.text), REVIEW_LIMITS.textMin, REVIEW_LIMITS.textMax)) {
    problems.text = REVIEW_MESSAGES.text;
  }
  if (!within(oneLineText(fields.name), 1, REVIEW_LIMITS.name))
    problems.name = REVIEW_MESSAGES.name;
  return problems;
}
