import { describe, expect, it } from '@jest/globals';
import { decide, type Answers, type CommitStatus, type StatusConfig } from './status';

/** The service's /health while it charges a catalogue's version. */
const charging = (version: string) => ({
  ok: true as const,
  catalog: { version, fetchedAt: '2026-11-29T08:00:00.000Z' },
  orders: { failing: false as const },
});

const config: StatusConfig = {
  githubApi: 'https://api.github.com',
  repo: 'saanjhstudio/site',
  branch: 'main',
  serviceUrl: 'https://api.saanjhstudio.example',
};
const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00`).toISOString();
const failure = (description: string | null, target_url: string | null = null): CommitStatus => ({
  state: 'failure',
  context: 'site/build',
  description,
  target_url,
});
/** main at 09:00 (commit b), the site built from a at 08:40, live since 08:45, charging its prices. */
const answers = (over: Partial<Answers> = {}): Answers => ({
  branch: { sha: 'b', date: at('09:00') },
  site: { commit: 'a', builtAt: at('08:40'), catalogVersion: 'v1', liveSince: at('08:45') },
  compared: 'behind',
  statuses: [],
  drafts: [],
  health: charging('v1'),
  ...over,
});
const live = answers({ site: { ...answers().site!, commit: 'b' }, compared: null });

describe('the line above the editor', () => {
  it('says a change is building until the site names its commit', () => {
    expect(decide(config, true, answers())).toMatchObject({
      state: 'building',
      text: 'Building your change published at 09:00…',
    });
  });

  it('says when the live version went live, and whether the shop charges its prices', () => {
    expect(decide(config, true, live).text).toBe('Live since 08:45. The shop charges its prices.');
    const older = { ...live, health: charging('v0') };
    expect(decide(config, true, older)).toMatchObject({
      state: 'unknown',
      text: 'Live since 08:45. Prices not yet live in the shop: the order service still charges the previous ones.',
    });
    // A host's CDN does not say when it switched: the build's time, said as such.
    const fromHost = { ...live, site: { ...live.site!, liveSince: undefined } };
    expect(decide(config, true, fromHost).text).toMatch(/^Live \(built at 08:40\)\./);
  });

  it('takes a site built from a later commit as live', () => {
    expect(decide(config, true, answers({ compared: 'ahead' })).text).toMatch(/^Live since/);
  });

  it("says a failed build's reason, with the host's link", () => {
    const status = decide(
      config,
      true,
      answers({
        statuses: [
          failure(
            'content/presets.json: Stoic Pack, price: must be a positive amount with at most two decimals',
            'https://github.com/saanjhstudio/site/actions/runs/1',
          ),
        ],
      }),
    );
    expect(status).toMatchObject({
      state: 'failed',
      text: 'The build of your change published at 09:00 failed: content/presets.json: Stoic Pack, price: must be a positive amount with at most two decimals. The site is as it was.',
      link: { href: 'https://github.com/saanjhstudio/site/actions/runs/1' },
    });
    expect(decide(config, true, answers({ statuses: [failure(null)] })).text).toBe(
      'The build of your change published at 09:00 failed. The site is as it was.',
    );
  });

  it("says each draft whose preview failed, and why, whatever main's state", () => {
    const status = decide(config, true, {
      ...live,
      drafts: [
        {
          title: 'Update Shop “presets”',
          statuses: [failure('content/presets.json: Stoic Pack, price: must be …')],
        },
        { title: 'Update Pages “about”', statuses: [{ ...failure(null), state: 'success' }] },
      ],
    });
    expect(status.state).toBe('live');
    expect(status.drafts).toEqual([
      {
        text: 'The preview of your draft “Update Shop “presets”” failed: content/presets.json: Stoic Pack, price: must be … Correct it and save the draft again.',
      },
    ]);
  });

  it('says a rollback: when, to what, the prices charged again, and that the next publish brings the changes back', () => {
    const rolledBack = answers({
      site: {
        ...answers().site!,
        liveSince: at('09:30'),
        rolledBack: { at: at('09:30'), from: { commit: 'b', builtAt: at('09:05') } },
      },
    });
    const status = decide(config, true, rolledBack);
    expect(status.state).toBe('rolled-back');
    expect(status.text).toBe(
      "The site went back at 09:30 to the version built at 08:40: your changes published since are not live. The shop charges that version's prices again. Those changes are still in the editor: the next publish of any file brings them back (undo them first if they should not return).",
    );
    const serviceBehind = { ...rolledBack, health: charging('v2') };
    expect(decide(config, true, serviceBehind).text).toContain(
      'The shop still charges the newer prices: it reads the older ones within a minute.',
    );
    // Published again after the rollback: that build is what the line follows.
    const publishedAgain = { ...rolledBack, branch: { sha: 'c', date: at('09:40') } };
    expect(decide(config, true, publishedAgain).text).toBe(
      'Building your change published at 09:40…',
    );
  });

  it('says what it cannot tell, and why', () => {
    expect(decide({ ...config, githubApi: null }, true, answers()).text).toBe(
      'Whether a change is live is shown for GitHub only.',
    );
    expect(decide(config, false, answers()).text).toBe(
      'Sign in to see whether your last change is live.',
    );
    expect(decide(config, true, answers({ branch: null })).text).toBe(
      'Cannot tell whether your last change is live: GitHub did not answer.',
    );
    expect(decide(config, true, answers({ site: null })).text).toBe(
      'Cannot tell whether your last change is live: this site did not answer.',
    );
    expect(decide(config, true, answers({ site: { ...answers().site!, commit: null } })).text).toBe(
      "Cannot tell whether your change published at 09:00 is live: this site was built without its commit's name.",
    );
    expect(decide(config, true, { ...live, health: null }).text).toContain(
      'Cannot tell whether the shop charges its prices yet',
    );
  });
});
