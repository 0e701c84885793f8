// What a build publishes at /version.json (lib/build-info.ts writes it; `npm run deploy` and
// `rollback` add when it went live), read back by the editor's status line and the deploy script
// with this schema. Not for pages: it brings zod.
import { z } from 'zod';

const buildInfoSchema = z.object({
  commit: z.string().nullable(),
  builtAt: z.string(),
  catalogVersion: z.string(),
});

/** What a build was made from. */
export type BuildInfo = z.output<typeof buildInfoSchema>;

export const versionSchema = buildInfoSchema.extend({
  /** Absent from builds made before the shop's catalogue was published. */
  catalogVersion: z.string().optional(),
  /** When this version went live (a server of our own says; a host's CDN does not). */
  liveSince: z.string().optional(),
  /** Set by `npm run rollback`: when, and the version it went back from. */
  rolledBack: z
    .object({
      at: z.string(),
      from: z.object({ commit: z.string().nullable(), builtAt: z.string() }),
    })
    .optional(),
});

/** A site's /version.json. */
export type PublishedVersion = z.output<typeof versionSchema>;
