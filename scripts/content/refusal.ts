// What a build refused, as data: the prebuild writes `build-refusal.json` beside package.json when
// a content file holds a value the site may not publish (the file, the entry, the field, the rule),
// and removes it when the content is valid. The committed workflow posts its summary as the
// commit's status (scripts/deploy/report-build.ts), which the line above the editor shows; the
// Netlify plugin shows it on the deploy's page.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ContentError, type ContentProblem } from '@/lib/content/parse';

export const REFUSAL_FILE = 'build-refusal.json';

const refusalSchema = z.object({
  file: z.string(),
  problems: z
    .array(
      z.object({
        at: z.string().optional(),
        entry: z.string().optional(),
        field: z.string().optional(),
        words: z.string(),
      }),
    )
    .readonly(),
  /** The first problem in a line: "content/presets.json: Stoic Pack, price: must be …". */
  summary: z.string(),
});
export type BuildRefusal = z.output<typeof refusalSchema>;

/** The first problem in a line, as the editor reads it. */
export function refusalSummary(file: string, problems: readonly ContentProblem[]): string {
  const [first] = problems;
  if (!first) return `${file}: refused`;
  const where = [first.entry, first.field].filter(Boolean).join(', ');
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${file}: ${where ? `${where}: ` : ''}${first.words}${more}`;
}

const at = (root: string) => path.join(root, REFUSAL_FILE);

export function clearRefusal(root = process.cwd()) {
  rmSync(at(root), { force: true });
}

export function readRefusal(root = process.cwd()): BuildRefusal | null {
  return existsSync(at(root))
    ? refusalSchema.parse(JSON.parse(readFileSync(at(root), 'utf8')))
    : null;
}

/**
 * Runs the content's validation; a refused value is written as data and said in a few lines (no
 * stack trace: the words are the studio's), and the process exits 1. Other errors are thrown.
 */
export async function refuseInvalidContent(check: () => Promise<unknown>, root = process.cwd()) {
  clearRefusal(root);
  try {
    await check();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const refusal: BuildRefusal = {
      file: error.file,
      problems: error.problems,
      summary: refusalSummary(error.file, error.problems),
    };
    writeFileSync(at(root), `${JSON.stringify(refusal, null, 2)}\n`);
    console.error(`${error.message}\nThe build stops here: correct the value and publish again.`);
    process.exit(1);
  }
}
