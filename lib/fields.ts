// The rules every content field is made of (text, paths, images, prices, dates), and how the editor
// (Decap CMS) shows each: the content schemas of lib/content/, lib/journal/, lib/booking/ and the
// reviews' are built from these.
import { z } from 'zod';
import { toCents } from '@/lib/shared/money';

/**
 * How the CMS edits a field: Decap CMS field options (widget, hint, pattern, min, ...), read by
 * lib/cms/config.ts from the JSON Schema of these schemas, where zod's metadata ends up.
 */
export type CmsOptions = Record<string, unknown>;
export const cms = (options: CmsOptions) => ({ cms: options });

export const text = z.string().trim().min(1, 'must not be empty');
/** Text of more than a line: a paragraph, a description. */
export const prose = text.meta(cms({ widget: 'text' }));

/** A string that must match a pattern; the CMS refuses other values with the same message. */
export function matching(pattern: RegExp, message: string, options: CmsOptions = {}) {
  return z
    .string()
    .regex(pattern, message)
    .meta(cms({ pattern: [pattern.source, message], ...options }));
}

/** A text with {placeholders} the site fills in, such as "Remove {name}". */
export function template(...names: string[]) {
  return text
    .refine((value) => names.every((name) => value.includes(`{${name}}`)), {
      error: `must contain ${names.map((name) => `{${name}}`).join(' and ')}`,
    })
    .meta(
      cms({
        hint: `Keep ${names.map((name) => `{${name}}`).join(' and ')}: the site fills it in.`,
      }),
    );
}

/** A path inside the site, such as /services/ or /Weddings/wed1. */
export const internalHref = matching(/^\/[^\s]*$/, 'must be a path on this site starting with "/"');

export const externalUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/** An image in the media folder, always with alt text. */
export const imageSchema = z.object({
  src: matching(
    /^[a-z0-9][a-z0-9/_-]*\.(jpe?g|png|webp|avif)$/,
    'must be a lowercase file path inside media/, such as "galleries/wed1/01.jpg"',
    { widget: 'image', label: 'Image' },
  ),
  alt: text.meta(
    cms({ label: 'Alt text', hint: 'What the picture shows, for people who cannot see it.' }),
  ),
});

/** A price in the shop currency, such as 39.99. */
export const price = z
  .number()
  .refine((value) => value > 0 && toCents(value) !== null, {
    error: 'must be a positive amount with at most two decimals',
  })
  .meta(
    cms({
      value_type: 'float',
      step: 0.01,
      min: 0.01,
      hint: 'In the shop currency, such as 39.99.',
    }),
  );

export const slug = (hint: string) =>
  matching(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens', { hint });

export const isoDate = (meaning: string) =>
  z.iso.date(`must be ${meaning}, as YYYY-MM-DD`).meta({
    cms: {
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'YYYY-MM-DD',
      time_format: false,
      picker_utc: true,
    },
  });
