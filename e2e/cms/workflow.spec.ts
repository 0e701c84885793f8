// The editor's editorial workflow against GitHub (the fake of server/testing/fake-github.ts, over a
// real Git repository holding the project's content, at the address the e2e build's editor is made
// for): Save makes a draft (a branch and a pull request) and leaves main alone; the preview build
// of the draft posts a deploy status, as the committed workflow does (.github/workflows/ci.yml);
// "View Preview" opens the draft's page at its own address; Publish merges the draft into main.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { presets } from '@/lib/content';
import { presetPath } from '@/lib/routes';
import { formatPrice } from '@/lib/shared/money';
import { startFakeGitHub, type FakeGitHub } from '@/server/testing/fake-github';
import { fakeGitHubPort } from '../service';
import { openWorkspace, type Workspace } from './workspace';

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
async function openEditor(page: Page, hash: string) {
  // decap-server, should another test run it on this machine, is not this editor's backend.
  await page.route('http://localhost:8081/**', (route) => route.abort());
  await page.addInitScript((token) => {
    localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'github', token }));
  }, github.token);
  await page.goto(`/admin/${hash}`);
}

test('a price saved as a draft is a pull request with a preview of its own, and Publish merges it', async ({
  page,
}) => {
  // One build of the draft, on a 2-core machine that runs other tests beside it.
  test.setTimeout(420_000);
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
  test.setTimeout(120_000);
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
  await expect(line).toHaveText(/^Live since \d{2}:\d{2}\. The shop charges its prices\.$/);

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

test('a photo uploaded in the editor is saved with the draft: its bytes and the entry naming it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refusedByPolicy.push(message.text());
  });
  // The packs as a valid file again (the test before left a refused price on main).
  github.edit(PRESETS, workspace.read(PRESETS));
  await openEditor(page, '#/collections/shop/entries/presets');
  const pack = page.getByText(stoic.name, { exact: true }).locator('..');
  await pack.locator('button').first().click();
  await page.getByRole('button', { name: 'Choose different image' }).first().click();
  const photo = 'media/video/hero-poster.jpg';
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const draft = () => github.pulls().find((pull) => pull.state === 'open');
  await expect.poll(() => draft()?.head, saving).toBe('cms/shop/presets');
  const uploaded = 'media/uploads/hero-poster.jpg';
  await expect
    .poll(() => github.bytes(uploaded, draft()!.head)?.equals(readFileSync(photo)), saving)
    .toBe(true);
  const entry = JSON.parse(github.file(PRESETS, draft()!.head)!) as {
    presets: { name: string; image: { src: string } }[];
  };
  expect(entry.presets.find((each) => each.name === stoic.name)!.image.src).toBe(
    'uploads/hero-poster.jpg',
  );
  expect(refusedByPolicy).toEqual([]);
  expect(github.refused).toEqual([]);
});
