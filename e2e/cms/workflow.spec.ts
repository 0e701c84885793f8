// The editor's editorial workflow against GitHub (the fake of server/testing/github/index.ts, over a
// real Git repository holding the project's content, at the address the e2e build's editor is made
// for): Save makes a draft (a branch and a pull request) and leaves main alone; the preview build
// of the draft posts a deploy status, as the committed workflow does (.github/workflows/ci.yml);
// "View Preview" opens the draft's page at its own address; Publish merges the draft into main.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { presets } from '@/lib/content';
import { presetPath } from '@/lib/routes';
import { formatPrice } from '@/lib/shared/money';
import { startFakeGitHub, type FakeGitHub } from '@/server/testing/github';
import { deploy, rollback } from '../../scripts/deploy/releases';
import { fakeGitHubPort } from '../service';
import { BUILD_TIMEOUT, openWorkspace, type Workspace } from './workspace';

test.describe.configure({ mode: 'serial' });
// The editor is 5.7 MB of script; beside the whole suite on 2 cores it answers in seconds, not ms.
const expect = baseExpect.configure({ timeout: 30_000 });

let workspace: Workspace;
let github: FakeGitHub;
test.beforeAll(async () => {
  workspace = await openWorkspace({ decapServer: false });
  github = await startFakeGitHub({
    port: fakeGitHubPort,
    seed: { from: workspace.dir, paths: ['content'] },
  });
});
test.afterAll(async () => {
  await github?.close();
  await workspace?.close();
});

const stoic = presets[0]!;
/** How long the editor may take to save or publish on a 2-core machine busy with other tests. */
const saving = { timeout: 60_000 };
const PRESETS = 'content/presets.json';
const priceOf = (text: string | undefined) =>
  (JSON.parse(text!) as { presets: { name: string; price: number }[] }).presets.find(
    (pack) => pack.name === stoic.name,
  )!.price;

/** The editor with GitHub's backend, signed in as Decap keeps a GitHub sign-in. */
async function openEditor(page: Page, address: string) {
  // decap-server, should another test run it on this machine, is not this editor's backend.
  await page.route('http://localhost:8081/**', (route) => route.abort());
  await page.addInitScript((token) => {
    localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'github', token }));
  }, github.token);
  await page.goto(address.startsWith('http') ? address : `/admin/${address}`);
}

test('a price saved as a draft is a pull request with a preview of its own, and Publish merges it', async ({
  page,
}) => {
  // One build of the draft, on a 2-core machine that runs other tests beside it.
  test.setTimeout(BUILD_TIMEOUT);
  const main = github.head();
  await openEditor(page, '#/collections/shop/entries/presets');
  const pack = page.getByText(stoic.name, { exact: true }).locator('..');
  await pack.locator('button').first().click();
  await pack.getByRole('spinbutton', { name: 'Price' }).fill('44.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // A draft: a branch and a pull request labelled as Decap's draft; main as it was.
  await expect.poll(() => github.pulls().length, saving).toBe(1);
  const [draft] = github.pulls();
  expect(draft).toMatchObject({ head: 'cms/shop/presets', base: 'main', state: 'open' });
  await expect.poll(() => github.pulls()[0]!.labels, saving).toEqual(['decap-cms/draft']);
  expect(priceOf(github.file(PRESETS, draft!.head))).toBe(44.5);
  expect(github.head()).toBe(main);
  expect(priceOf(github.file(PRESETS))).toBe(stoic.priceCents / 100);

  // The preview build of the draft's branch, published at an address of its own.
  workspace.write(PRESETS, github.file(PRESETS, draft!.head)!);
  const build = workspace.build();
  expect(build.status, build.output.slice(-2000)).toBe(0);
  const preview = await workspace.serve(4393);
  await github.setStatus(draft!.headSha, {
    state: 'success',
    context: 'deploy/preview',
    target_url: preview,
    description: 'Deploy preview ready',
  });

  // The editor finds the preview and opens the file's page there, at the draft's price.
  await page.reload();
  const viewPreview = page.getByRole('link', { name: /View Preview/i });
  const check = page.getByRole('button', { name: /Check for Preview/i });
  // Decap asks for the draft's statuses once the entry has loaded (half a minute on a busy
  // machine); "Check for Preview" asks again. Neither step waits for a control that has gone.
  await expect(async () => {
    if ((await check.isVisible()) && (await check.isEnabled({ timeout: 1000 }))) {
      await check.click({ timeout: 1000 });
    }
    await expect(viewPreview).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 120_000 });
  await expect(viewPreview).toHaveAttribute('href', `${preview}/presets/`);
  const [shop] = await Promise.all([page.context().waitForEvent('page'), viewPreview.click()]);
  const draftPrice = formatPrice(4450, 'USD');
  await expect(
    shop.getByRole('listitem').filter({ hasText: stoic.name }).getByText(draftPrice).first(),
  ).toBeVisible();
  await shop.goto(`${preview}${presetPath(stoic)}`);
  await expect(shop.getByText(draftPrice, { exact: true })).toBeVisible();
  await shop.close();

  // Ready, then Publish: main has the draft's change, and the draft's branch is gone.
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitem', { name: 'Ready' }).click();
  await expect.poll(() => github.pulls()[0]!.labels, saving).toEqual(['decap-cms/pending_publish']);
  // Decap asks "Are you sure you want to publish this entry?"; the editor is.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect
    .poll(() => priceOf(github.file(PRESETS)), { ...saving, message: github.refused.join('\n') })
    .toBe(44.5);
  expect(github.pulls()[0]).toMatchObject({ state: 'closed' });
  expect(github.pulls()[0]!.mergedAt).not.toBeNull();
  await expect.poll(() => github.branches(), saving).toEqual(['main']);
  expect(github.refused).toEqual([]);
});

test('the line above the editor says building, live, a failed build with its link, and prices not yet charged', async ({
  page,
  request,
}) => {
  // Four loads of the editor (5.7 MB of script), beside the other editor tests' builds.
  const built = (await (await request.get('/version.json')).json()) as {
    builtAt: string;
    catalogVersion: string;
  };
  /** The site on the CDN, built from this commit with this catalogue. */
  let site: { commit: string | null; builtAt: string; catalogVersion: string } = {
    commit: github.head(),
    builtAt: built.builtAt,
    catalogVersion: built.catalogVersion,
  };
  await page.route('**/version.json', (route) => route.fulfill({ json: site }));
  const line = page.getByRole('status').filter({ hasText: /live|build/i });

  // A change published in the editor: its commit is on main, the site still the one before.
  github.edit('content/site.json', `${github.file('content/site.json')!.trimEnd()}\n`);
  const change = github.head()!;
  await github.setStatus(change, { state: 'pending', context: 'deploy/netlify' });
  await openEditor(page, '');
  await expect(line).toHaveText(/^Building your change published at \d{2}:\d{2}/);

  // The host's build of it is live.
  site = { ...site, commit: change };
  await page.reload();
  // A host's CDN does not say when it switched: the line gives the build's time, as such.
  await expect(line).toHaveText(/^Live \(built at \d{2}:\d{2}\)\. The shop charges its prices\.$/);

  // The next change's build fails on a value; the host's status says where and links its log.
  github.edit(
    'content/presets.json',
    github.file('content/presets.json')!.replace(/"price": [\d.]+/, '"price": -5'),
  );
  const refused = github.head()!;
  const log = 'https://app.netlify.com/sites/saanjh/deploys/6571';
  await github.setStatus(refused, {
    state: 'failure',
    context: 'deploy/netlify',
    target_url: log,
    description:
      'Invalid content in content/presets.json: presets, entry "Stoic Pack" (#1), field "price"',
  });
  await page.reload();
  await expect(line).toContainText(
    'failed: Invalid content in content/presets.json: presets, entry "Stoic Pack" (#1), field "price"',
  );
  await expect(line.getByRole('link', { name: 'What the host said' })).toHaveAttribute('href', log);

  // A site built from a folder without git names no commit: the line says it cannot tell.
  site = { ...site, commit: null };
  await github.setStatus(refused, { state: 'pending', context: 'deploy/netlify' });
  await page.reload();
  await expect(line).toHaveText(
    /^Cannot tell whether your change published at \d{2}:\d{2} is live: this site was built without its commit's name\.$/,
  );

  // A site built with new prices, and the order service still on the catalogue before them.
  site = { ...site, commit: refused, catalogVersion: 'a-newer-catalogue' };
  await page.reload();
  await expect(line).toContainText('Prices not yet live in the shop');
  expect(github.refused).toEqual([]);
});

/** Ready, then Publish now, as the editor does it: the draft is merged into main. */
async function publishDraft(page: Page, branch: string) {
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitem', { name: 'Ready' }).click();
  await expect
    .poll(() => github.pulls().find((pull) => pull.head === branch)?.labels, saving)
    .toEqual(['decap-cms/pending_publish']);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect
    .poll(() => github.pulls().find((pull) => pull.head === branch)?.mergedAt ?? null, saving)
    .not.toBeNull();
  // Decap deletes the draft's branch after the merge; the next draft of the entry makes it anew.
  await expect.poll(() => github.branches(), saving).not.toContain(branch);
  // GitHub's empty answer to the branch's deletion is no failure.
  await expect(page.getByText(/Failed to publish/i)).toHaveCount(0);
}

/** Uploads a photo to the first image field of the entry open in the editor, and saves. */
async function uploadAndSave(page: Page, photo: string) {
  await page.getByRole('button', { name: 'Choose different image' }).first().click();
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** The files a draft changed, from its branch into the workspace (what the host checks out). */
function checkOut(branch: string, files: string[]) {
  for (const file of files) workspace.write(file, github.bytes(file, branch)!);
}

test('a photo uploaded to a pack and to a journal post: saved, previewed (the preview build encodes it), published and live', async ({
  page,
}) => {
  // Two drafts saved and published through the editor, and one build of them.
  test.setTimeout(BUILD_TIMEOUT);
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refusedByPolicy.push(message.text());
  });
  page.on('dialog', (dialog) => void dialog.accept());
  // The packs as a valid file again (the test before left a refused price on main).
  github.edit(PRESETS, workspace.read(PRESETS));
  checkOut('main', [PRESETS]);

  // A pack's cover.
  await openEditor(page, '#/collections/shop/entries/presets');
  const pack = page.getByText(stoic.name, { exact: true }).locator('..');
  await pack.locator('button').first().click();
  const photo = 'media/video/hero-poster.jpg';
  await uploadAndSave(page, photo);
  const packDraft = 'cms/shop/presets';
  const packPhoto = 'media/uploads/hero-poster.jpg';
  await expect
    .poll(() => github.bytes(packPhoto, packDraft)?.equals(readFileSync(photo)), saving)
    .toBe(true);
  const entry = JSON.parse(github.file(PRESETS, packDraft)!) as {
    presets: { name: string; image: { src: string } }[];
  };
  expect(entry.presets.find((each) => each.name === stoic.name)!.image.src).toBe(
    'uploads/hero-poster.jpg',
  );

  // A journal post's cover (a post without a film: every field of the optional film is optional
  // in the editor), large enough for the crops search engines ask for.
  const post = 'content/journal/meera-james.md';
  const cover = path.join(workspace.dir, 'sangeet-stage.jpg');
  await sharp(photo).resize(2400, 1600, { fit: 'cover' }).jpeg().toFile(cover);
  // A fresh load of the editor: a change of the address's hash alone, from one entry to one of
  // another collection, crashes Decap's deploy preview check (3.16).
  await page.goto('about:blank');
  await page.goto('/admin/#/collections/journal/entries/meera-james');
  await uploadAndSave(page, cover);
  const postDraft = 'cms/journal/meera-james';
  const postPhoto = 'media/uploads/sangeet-stage.jpg';
  await expect
    .poll(() => github.bytes(postPhoto, postDraft)?.equals(readFileSync(cover)), saving)
    .toBe(true);
  expect(github.file(post, postDraft)).toContain('src: uploads/sangeet-stage.jpg');

  // The preview build of the drafts: it encodes both photos, and the pages show them.
  checkOut(packDraft, [PRESETS, packPhoto]);
  checkOut(postDraft, [post, postPhoto]);
  const build = workspace.build();
  expect(build.status, build.output.slice(-2000)).toBe(0);
  const preview = await workspace.serve(4394);
  const shows = async (address: string, alt: string) => {
    const shop = await page.context().newPage();
    await shop.goto(`${preview}${address}`);
    const image = shop.getByRole('img', { name: alt }).first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    await shop.close();
    return source;
  };
  expect(await shows(presetPath(stoic), stoic.image.alt)).toMatch(/\/media\/.*hero-poster/);
  expect(
    await shows('/journal/fusion-wedding-cecil-green-park-house-vancouver/', 'lawn above the sea'),
  ).toMatch(/\/media\/.*sangeet-stage/);

  // Published: main holds both photos and both entries, as built above (the live build is that build).
  for (const [entry, branch] of [
    ['shop/entries/presets', packDraft],
    ['journal/entries/meera-james', postDraft],
  ] as const) {
    await page.goto('about:blank');
    await page.goto(`/admin/#/collections/${entry}`);
    await publishDraft(page, branch);
  }
  for (const file of [PRESETS, packPhoto, post, postPhoto]) {
    expect(github.bytes(file)?.equals(readFileSync(path.join(workspace.dir, file))), file).toBe(
      true,
    );
  }
  expect(refusedByPolicy).toEqual([]);
  expect(github.refused).toEqual([]);
});

test("a refused value fails the draft's preview and main's build, and the line says why on every view", async ({
  page,
}) => {
  test.setTimeout(BUILD_TIMEOUT);
  page.on('dialog', (dialog) => void dialog.accept());
  await openEditor(page, '#/collections/shop/entries/presets');
  const pack = page.getByText(stoic.name, { exact: true }).locator('..');
  await pack.locator('button').first().click();
  await pack.getByRole('spinbutton', { name: 'Price' }).fill('44.555');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const draft = 'cms/shop/presets';
  await expect
    .poll(() => {
      const saved = github.file(PRESETS, draft);
      return saved && priceOf(saved);
    }, saving)
    .toBe(44.555);

  // The draft's preview build refuses it; the workflow posts why (npm run report-build).
  const why =
    'content/presets.json: Stoic Pack, price: must be a positive amount with at most two decimals';
  checkOut(draft, [PRESETS]);
  const preview = workspace.build();
  expect(preview.status).not.toBe(0);
  const head = () => github.pulls().find((pull) => pull.head === draft)!.headSha;
  for (const context of ['site/build', 'deploy/preview']) {
    const posted = await workspace.report(github, [
      'failure',
      '--sha',
      head(),
      '--context',
      context,
    ]);
    expect(posted.status, posted.output).toBe(0);
  }
  // Said above the entry's editor, where Publish is pressed.
  await page.reload();
  const line = page.getByRole('status').filter({ hasText: /draft/ });
  await expect(line).toContainText(`failed: ${why}`);
  await expect(line).toBeInViewport();

  // Published all the same: main's build refuses it too, and the line says so on the collection's view.
  await publishDraft(page, draft);
  checkOut('main', [PRESETS]);
  const main = workspace.build();
  expect(main.status).not.toBe(0);
  const run = 'https://github.com/saanjhstudio/site/actions/runs/2';
  const posted = await workspace.report(github, [
    'failure',
    '--sha',
    github.head()!,
    '--context',
    'site/build',
    '--url',
    run,
  ]);
  expect(posted.status, posted.output).toBe(0);
  await page.goto('/admin/#/collections/shop');
  const failed = page.getByRole('status').filter({ hasText: /failed/ });
  await expect(failed).toContainText(
    new RegExp(
      `^The build of your change published at \\d{2}:\\d{2} failed: ${why.replace(/[.]/g, '\\.')}`,
    ),
  );
  await expect(failed.getByRole('link', { name: 'What the host said' })).toHaveAttribute(
    'href',
    run,
  );
  await expect(failed).toBeInViewport();
  // Put right for the tests after.
  github.edit(PRESETS, workspace.read(PRESETS).replace('44.555', String(stoic.priceCents / 100)));
  workspace.write(PRESETS, github.file(PRESETS)!);
  expect(github.refused).toEqual([]);
});

test('a rollback is said: when, to which version, the prices charged again, and that the next publish brings the changes back', async ({
  page,
}) => {
  // Two releases of this site on a server of our own: the one before a change, then the change's.
  const root = mkdtempSync(path.join(tmpdir(), 'cms-rollback-'));
  const target = path.join(root, 'target');
  const before = github.head()!;
  github.edit('content/site.json', `${github.file('content/site.json')!.trimEnd()}\n`);
  const change = github.head()!;
  const release = (commit: string) => {
    const out = path.join(root, commit);
    cpSync('out', out, {
      recursive: true,
      filter: (src) => path.resolve(src) !== path.resolve('out/media'),
    });
    symlinkSync(path.resolve('out/media'), path.join(out, 'media'));
    const version = JSON.parse(readFileSync(path.join(out, 'version.json'), 'utf8')) as object;
    writeFileSync(path.join(out, 'version.json'), JSON.stringify({ ...version, commit }));
    return out;
  };
  try {
    deploy(release(before), target, { development: true });
    deploy(release(change), target, { development: true });
    const site = await workspace.serve(4395, path.join(target, 'current/site'));
    // The order service answers the site's own origin; this copy of it is served at another port,
    // so its answer is passed through with that origin allowed.
    await page.route('**/health', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({
        response: answer,
        headers: { ...answer.headers(), 'access-control-allow-origin': site },
      });
    });
    await openEditor(page, `${site}/admin/#/collections/shop`);
    const line = page.getByRole('status').filter({ hasText: /live/i });
    await expect(line).toHaveText(/^Live since \d{2}:\d{2}\. The shop charges its prices\.$/);

    rollback(target);
    await page.reload();
    await expect(line).toHaveText(
      /^The site went back at \d{2}:\d{2} to the version built at \d{2}:\d{2}: your changes published since are not live\. The shop charges that version's prices again\. Those changes are still in the editor: the next publish of any file brings them back/,
    );
    await expect(line).toBeInViewport();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
