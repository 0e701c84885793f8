import type { z } from 'zod';

/**
 * One value a content file may not hold: where it is (`presets, entry "Stoic Pack" (#1), field
 * "price"`, as a person finds it in the file), the entry's name and the field alone, and the rule.
 */
export type ContentProblem = { at?: string; entry?: string; field?: string; words: string };

/**
 * A content file failed validation; the message names the file, the entry and the field, and
 * `problems` holds the same as data (the build writes the first as its refusal: scripts/content/refusal.ts).
 */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    readonly file: string,
    readonly problems: readonly ContentProblem[],
  ) {
    super(
      `Invalid content in ${file}:\n${problems.map(({ at, words }) => `  ${at ? `${at}: ` : ''}${words}`).join('\n')}`,
    );
  }
}

/** The name a message gives a list entry: its name, slug, title, couple or label. */
function entryName(raw: unknown): string | undefined {
  const entry = raw as Record<string, unknown> | null;
  const key = ['name', 'slug', 'title', 'couple', 'label'].find(
    (k) => typeof entry?.[k] === 'string' && String(entry[k]).trim() !== '',
  );
  return key ? String(entry?.[key]) : undefined;
}

/** How a message names a list entry: by its name, slug, title or couple, and its position. */
export function entryLabel(raw: unknown, index: number): string {
  const name = entryName(raw);
  return name ? `entry "${name}" (#${index + 1})` : `entry #${index + 1}`;
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
  return locateField(data, path).at!;
}

/** describeField's words, with the entry's name and the field within it apart. */
export function locateField(
  data: unknown,
  path: readonly PropertyKey[],
): Required<Pick<ContentProblem, 'at' | 'field'>> & Pick<ContentProblem, 'entry'> {
  const index = path.findIndex((part) => typeof part === 'number');
  if (index === -1) {
    const field = fieldPath(path) || '(whole file)';
    return { at: `field "${field}"`, field };
  }
  let entry: unknown = data;
  for (const part of path.slice(0, index + 1)) {
    entry = (entry as Record<PropertyKey, unknown>)?.[part];
  }
  const list = fieldPath(path.slice(0, index));
  const field = fieldPath(path.slice(index + 1)) || '(whole entry)';
  const position = path[index] as number;
  return {
    at: `${list}, ${entryLabel(entry, position)}, field "${field}"`,
    entry: entryName(entry) ?? `${list} #${position + 1}`,
    field,
  };
}

/** Validates one content file against its schema; every problem is one line of the message. */
export function parseContent<S extends z.ZodType>(
  file: string,
  schema: S,
  data: unknown,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentError(
    file,
    result.error.issues.map((issue) => ({
      ...locateField(data, issue.path),
      words: issue.message,
    })),
  );
}
