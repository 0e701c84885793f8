import type { z } from 'zod';

/** A content file failed validation; the message names the file, the entry and the field. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** How a message names a list entry: by its name, slug, title or couple, and its position. */
export function entryLabel(raw: unknown, index: number): string {
  const entry = raw as Record<string, unknown> | null;
  const key = ['name', 'slug', 'title', 'couple', 'label'].find(
    (k) => typeof entry?.[k] === 'string' && String(entry[k]).trim() !== '',
  );
  return key ? `entry "${String(entry?.[key])}" (#${index + 1})` : `entry #${index + 1}`;
}

/** A field's path as written in the content file: gallery[2].alt */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/**
 * Where a field of a content file is, as a person finds it: the list and its entry (by name and
 * position) when the field is inside a list, then the field within it.
 * `presets, entry "Regal Tones" (#2), field "gallery[2].alt"`; `field "email"` outside lists.
 */
export function describeField(data: unknown, path: readonly PropertyKey[]): string {
  const at = path.findIndex((part) => typeof part === 'number');
  if (at === -1) return `field "${fieldPath(path) || '(whole file)'}"`;
  let entry: unknown = data;
  for (const part of path.slice(0, at + 1)) entry = (entry as Record<PropertyKey, unknown>)?.[part];
  const list = fieldPath(path.slice(0, at));
  const field = fieldPath(path.slice(at + 1)) || '(whole entry)';
  return `${list}, ${entryLabel(entry, path[at] as number)}, field "${field}"`;
}

/** Validates one content file against its schema; every problem is one line of the message. */
export function parseContent<S extends z.ZodType>(
  file: string,
  schema: S,
  data: unknown,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${describeField(data, issue.path)}: ${issue.message}`,
  );
  throw new ContentError(`Invalid content in ${file}:\n${lines.join('\n')}`);
}
