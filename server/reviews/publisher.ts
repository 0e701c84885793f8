// Where an accepted review becomes content: a file of content/reviews/ in the site's repository.
// Two backends: the local checkout's folder (development and tests, as decap-server edits it),
// and GitHub's contents API in production (the commit lands on CMS_BRANCH, which the editor
// reads and every deploy builds from).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config, GitHubSettings } from '../config';

/** A file, as GitHub's contents API answers it (the fields read). */
const fileSchema = z.object({
  type: z.literal('file'),
  content: z.string(),
  sha: z.string().min(1),
});

/** A file as it stands: its text, and the version a change must name (GitHub's blob sha). */
export type Published = { text: string; sha: string };

/** Another writer changed the file since it was read. */
export class PublishConflict extends Error {}

export type Publisher = {
  /** The file, or null when there is none (never written, or deleted: declined). */
  read(file: string): Promise<Published | null>;
  /** Writes the file: a new one without `sha`, else the version read (else PublishConflict). */
  write(file: string, text: string, change: { sha?: string; message: string }): Promise<void>;
};

/** Git's id of a file's bytes, which GitHub's API calls its sha. */
const blobSha = (text: string) => {
  const bytes = Buffer.from(text);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
};

/** The folder of the site's content/reviews/ (the local checkout's, by default). */
export function folderPublisher(dir: string): Publisher {
  return {
    async read(file) {
      const text = await readFile(path.join(dir, file), 'utf8').catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        },
      );
      return text === null ? null : { text, sha: blobSha(text) };
    },
    async write(file, text, { sha }) {
      const current = await this.read(file);
      if ((current?.sha ?? undefined) !== sha) throw new PublishConflict(file);
      await mkdir(dir, { recursive: true });
      // Written whole or not at all: the build never reads half a review.
      const partial = path.join(dir, `.${file}.${process.pid}.tmp`);
      await writeFile(partial, text);
      await rename(partial, path.join(dir, file));
    },
  };
}

/** The folder of reviews in the site's repository. */
export const REVIEWS_FOLDER = 'content/reviews';

/**
 * GitHub's documented limits on requests that create content ("Rate limits for the REST API",
 * secondary limits): at most 80 a minute and 500 an hour. The publisher keeps under them.
 */
export const GITHUB_CONTENT_LIMITS = { perMinute: 80, perHour: 500 } as const;

/** Thrown when a write would pass GitHub's limits for longer than a buyer should wait. */
export class PublishLimited extends Error {}

/**
 * Writes paced under `limits`: a write waits its turn in line, up to `maxWaitMs`; past that it is
 * refused (PublishLimited) rather than sent for GitHub to refuse (and block every write a while).
 */
function pacing(
  limits: { perMinute: number; perHour: number },
  maxWaitMs: number,
  now: () => number = Date.now,
) {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  /** When each write was (or will be) sent, the last hour's, oldest first. */
  let sent: number[] = [];
  return async () => {
    const at = now();
    sent = sent.filter((time) => time > at - HOUR);
    // The first moment a write fits both windows, counting the writes already given a turn.
    let slot = Math.max(at, sent.at(-1) ?? at);
    for (;;) {
      const inMinute = sent.filter((time) => time > slot - MINUTE);
      const inHour = sent.filter((time) => time > slot - HOUR);
      if (inMinute.length < limits.perMinute && inHour.length < limits.perHour) break;
      const blockers = [
        ...(inMinute.length >= limits.perMinute ? [inMinute[0]! + MINUTE] : []),
        ...(inHour.length >= limits.perHour ? [inHour[0]! + HOUR] : []),
      ];
      slot = Math.max(...blockers);
    }
    if (slot - at > maxWaitMs) throw new PublishLimited('GitHub write limit');
    sent.push(slot);
    if (slot > at) await new Promise((resolve) => setTimeout(resolve, slot - at));
  };
}

/**
 * GitHub's contents API (docs.github.com/rest/repos/contents): GET to read a file on the branch,
 * PUT to create or update it, the update naming the sha it read (409 when another commit changed
 * it since). Writes are paced under GitHub's limits for content-creating requests.
 */
export function githubPublisher(
  options: GitHubSettings,
  fetchImpl: typeof fetch = fetch,
): Publisher {
  const turn = pacing(options.limits ?? GITHUB_CONTENT_LIMITS, options.maxWaitMs ?? 20_000);
  const url = (file: string) =>
    `${options.apiUrl}/repos/${options.repo}/contents/${`${REVIEWS_FOLDER}/${file}`
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;
  const headers = {
    Accept: 'application/vnd.github+json',
    Authorization: `Bearer ${options.token}`,
    'X-GitHub-Api-Version': '2022-11-28',
    'User-Agent': 'saanjh-orders',
  };
  const failed = async (response: Response, what: string) =>
    new Error(`GitHub ${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return {
    async read(file) {
      const response = await fetchImpl(`${url(file)}?ref=${encodeURIComponent(options.branch)}`, {
        headers,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw await failed(response, `reading ${file}`);
      const body = fileSchema.safeParse(await response.json());
      if (!body.success) throw new Error(`GitHub reading ${file}: not a file`);
      return {
        text: Buffer.from(body.data.content, 'base64').toString('utf8'),
        sha: body.data.sha,
      };
    },
    async write(file, text, { sha, message }) {
      await turn();
      const response = await fetchImpl(url(file), {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          message,
          content: Buffer.from(text).toString('base64'),
          branch: options.branch,
          ...(sha ? { sha } : {}),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      // 409: the sha is not the file's any more; 422 without a sha: the file exists already.
      if (response.status === 409 || (response.status === 422 && !sha)) {
        throw new PublishConflict(file);
      }
      if (!response.ok) throw await failed(response, `writing ${file}`);
    },
  };
}

export function createPublisher(config: Config['reviews']['publisher']): Publisher {
  return config.kind === 'github' ? githubPublisher(config) : folderPublisher(config.dir);
}
