import type { z } from 'zod';

/** A content module failed validation; the message names the file, the entry and the field. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** How a message names a list entry: by its name, slug, title or couple, and its position. */
export function entryLabel(raw: unknown, index: number): string {
  const entry = raw as Record<string, unknown> | null;
  const key = ['name', 'slug', 'title', 'couple'].find(
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
 * Validates one content module against its schema. A list is validated entry by entry so that
 * the message says which entry is broken; anything else is one entry.
 */
export function parseContent<S extends z.ZodType>(
  file: string,
  schema: S,
  data: unknown,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;

  const lines = result.error.issues.map((issue) => {
    const isList = Array.isArray(data) && typeof issue.path[0] === 'number';
    const index = isList ? (issue.path[0] as number) : null;
    const entry = index === null ? 'the module' : entryLabel((data as unknown[])[index], index);
    const field = fieldPath(index === null ? issue.path : issue.path.slice(1)) || '(whole entry)';
    return `  ${entry}, field "${field}": ${issue.message}`;
  });
  throw new ContentError(`Invalid content in ${file}:\n${lines.join('\n')}`);
}
