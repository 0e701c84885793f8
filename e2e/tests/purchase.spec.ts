import { strFromU8, unzipSync } from 'fflate';
import { checkoutCopy, presets, terms } from '@/lib/content';
import { settings } from '@/lib/settings';
import { fillIn } from '@/lib/shared/copy';
import { presetPath } from '@/lib/routes';
import { expect, test } from '../fixtures';
import { fillDetails } from '../fixtures/details';
import { newOrderReference, orderRequest } from '@/server/paypal/orders';
import { apiBase, fakePayPalBase } from '../service';
import { emailsAbout } from '../stubs/outbox';
import { paypalAuth, paypalOrder, stubCapture, stubPayPal } from '../stubs/paypal';

const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const regal = presets.find((p) => p.slug === 'regal-tones')!;
const awaken = presets.find((p) => p.slug === 'awaken')!;

// The whole purchase with the real order service: it creates and captures the order at the fake
// PayPal the buyer approves in, and writes the e-mails into its outbox folder.
test('a buyer pays and receives an e-mail whose links download the packs', async ({
  page,
  cart,
  request,
}) => {
  // A purchase, two zips downloaded and unpacked, and fresh links: more than 30 s on a busy 2-core
  // machine (a phone's emulation), so three times the time; each step waits for what it needs.
  test.slow();
  const paypal = await stubPayPal(page);
  const email = `buyer-${test.info().project.name}@example.com`;
  await page.goto(presetPath(stoic));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await cart.close();
  await page.goto(presetPath(regal));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart.lines).toHaveCount(2);
  await cart.checkoutButton.click();

  await fillDetails(page, {
    name: 'Anjali <Mehta>',
    email: email,
    phone: '+1 604 555 0123',
    address: '7 Lotus Court, Surrey BC',
  });
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL('/thank-you/');
  expect(await cart.stored()).toEqual([]);

  // The thank-you page says where the e-mail went and offers the packs at once.
  const { receipt } = checkoutCopy;
  await expect(page.getByText(`${receipt.emailSentTo} ${email}.`)).toBeVisible();
  const downloads = page.getByRole('region', { name: receipt.downloadsHeading });
  const packs = downloads.getByRole('link', { name: receipt.downloadLabel });
  await expect(packs).toHaveText([
    `${receipt.downloadLabel} ${stoic.name}`,
    `${receipt.downloadLabel} ${regal.name}`,
  ]);
  // What the links give, in the pack page's words, and where the install guide is.
  await expect(downloads).toContainText(
    fillIn(receipt.linksNote, { downloads: settings.links.downloads, days: settings.links.days }),
  );
  await expect(downloads.getByRole('link', { name: terms.appGuide.heading })).toHaveAttribute(
    'href',
    '/terms/#app-guide',
  );
  // Fresh links, asked for below, give the same: said in the same numbers.
  await expect(page.getByRole('region', { name: checkoutCopy.resend.heading })).toContainText(
    fillIn(checkoutCopy.resend.intro, settings.links),
  );
  const [download] = await Promise.all([page.waitForEvent('download'), packs.first().click()]);
  expect(download.suggestedFilename()).toBe(`${stoic.slug}.zip`);

  const orderId = paypal.orders[0]!.id;
  await expect(page.getByTestId('receipt-order')).toHaveText(
    `${receipt.orderLabel} ${orderId} · $${((stoic.priceCents + regal.priceCents) / 100).toFixed(2)} USD`,
  );
  const emails = await emailsAbout(orderId, 2);
  const buyer = emails.find((message) => message.to?.[0]?.address === email);
  const studio = emails.find((message) => message !== buyer);
  expect(buyer!.to?.[0]?.address).toBe(email);
  expect(buyer!.html).toContain('Thank you, Anjali &lt;Mehta&gt;');
  expect(studio!.text).toContain(`Order: ${orderId}`);

  const links = [...buyer!.text!.matchAll(/^(.+): (http\S+\/download\/\S+)$/gm)];
  expect(links.map((link) => link[1])).toEqual([stoic.name, regal.name]);
  // A link opens a page of ours (mail scanners that follow it use up nothing); its button downloads.
  const linkPage = await page.context().newPage();
  await linkPage.goto(links[1]![2]!);
  await expect(linkPage.getByRole('heading', { name: regal.name })).toBeVisible();
  const [fromPage] = await Promise.all([
    linkPage.waitForEvent('download'),
    linkPage
      .getByRole('link', { name: `${checkoutCopy.downloadPage.button} ${regal.name}` })
      .click(),
  ]);
  expect(fromPage.suggestedFilename()).toBe(`${regal.slug}.zip`);
  await linkPage.close();
  for (const [, name, url] of links) {
    expect(url!.startsWith(`${apiBase}/download/`)).toBe(true);
    const download = await request.get(`${url!}/file`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/attachment; filename=".+\.zip"/);
    const files = unzipSync(new Uint8Array(await download.body()));
    expect(Object.keys(files)).toContain(`${name}/LICENSE.txt`);
    expect(strFromU8(files[`${name}/${name} 01.xmp`]!)).toContain('crs:PresetType="Normal"');
  }

  // Later, the buyer asks for fresh links on the thank-you page: a third e-mail, new links.
  const { resend } = checkoutCopy;
  await page.getByLabel(resend.orderLabel).fill(orderId);
  await page
    .getByRole('region', { name: resend.heading })
    .getByLabel(resend.emailLabel)
    .fill(email);
  const answered = page.waitForResponse(
    (response) =>
      response.url() === `${apiBase}/api/orders/resend` && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: resend.submitLabel }).click();
  expect((await answered).status()).toBe(202);
  await expect(page.getByRole('status').filter({ hasText: resend.sent })).toBeVisible();
  const toBuyer = (await emailsAbout(orderId, 3)).filter((m) => m.to?.[0]?.address === email);
  const fresh = toBuyer.filter((message) => !message.text!.includes(links[0]![2]!));
  expect(toBuyer).toHaveLength(2);
  expect(fresh).toHaveLength(1);
  const freshLinks = [...fresh[0]!.text!.matchAll(/http\S+\/download\/\S+/g)].map((m) => m[0]);
  expect(freshLinks).toHaveLength(2);
  expect(freshLinks).not.toContain(links[0]![2]);
});

test('a resend request that cannot reach the service says so and keeps what was typed', async ({
  page,
  problems,
}) => {
  problems.allow(/orders\/resend/);
  const { resend } = checkoutCopy;
  await page.route(`${apiBase}/api/orders/resend`, (route) => route.abort('connectionrefused'));
  await page.goto('/thank-you/');
  const form = page.getByRole('region', { name: resend.heading });
  await form.getByLabel(resend.orderLabel).fill('5O190127TN364715T');
  await form.getByLabel(resend.emailLabel).fill('priya@example.com');
  await form.getByRole('button', { name: resend.submitLabel }).click();
  await expect(form.getByRole('status')).toHaveText(resend.failed);
  await expect(form.getByLabel(resend.orderLabel)).toHaveValue('5O190127TN364715T');
  await expect(form.getByLabel(resend.emailLabel)).toHaveValue('priya@example.com');
});

test('a buyer whose network drops as the payment is taken, and who closes the page, still gets the packs', async ({
  page,
  cart,
  problems,
  request,
}) => {
  problems.allow(/capture|Failed to fetch|ERR_/);
  const paypal = await stubPayPal(page);
  const email = `closed-tab-${test.info().project.name}@example.com`;
  await page.goto(presetPath(stoic));
  await cart.fill([stoic.name]);
  // The service captures and delivers, but its answer never reaches the phone.
  await stubCapture(page, ['lost']);
  await page.goto('/checkout/');
  await fillDetails(page, {
    name: 'Kavya Iyer',
    email: email,
    phone: '+1 604 555 0144',
    address: '3 Banyan Road, Burnaby BC',
  });
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByTestId('payment-error')).toHaveText(
    checkoutCopy.messages.confirmationFailed,
  );
  await page.close();

  const orderId = paypal.orders[0]!.id;
  expect((await paypalOrder(request, orderId)).purchase_units![0]!.payments!.captures).toHaveLength(
    1,
  );
  const buyer = (await emailsAbout(orderId, 2)).find((m) => m.to?.[0]?.address === email)!;
  const [link] = [...buyer.text!.matchAll(/http\S+\/download\/\S+/g)].map((m) => m[0]);
  const download = await request.get(`${link!}/file`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toBe(
    `attachment; filename="${stoic.slug}.zip"`,
  );
});

test('a payment PayPal holds as pending: the thank-you page says so, and the links follow when it completes', async ({
  page,
  cart,
}) => {
  test.skip(test.info().project.name === 'phone', 'the service, not layout: desktop');
  const paypal = await stubPayPal(page);
  const email = `pending-${test.info().project.name}@example.com`;
  await page.goto(presetPath(awaken));
  await cart.fill([awaken.name]);
  await page.goto('/checkout/');
  await fillDetails(page, {
    name: 'Harpreet Gill',
    email,
    phone: '+1 905 555 0190',
    address: '9 Maple Lane, Brampton ON',
  });
  // The buyer pays by e-check: PayPal captures it as PENDING.
  await page.evaluate(() => Object.assign(window, { __paypalApproval: { capture: 'pending' } }));
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL('/thank-you/');
  await expect(
    page.getByRole('status').filter({ hasText: fillIn(checkoutCopy.receipt.pending, { email }) }),
  ).toBeVisible();
  await expect(page.getByText(checkoutCopy.receipt.emailSentTo)).toHaveCount(0);
  const orderId = paypal.orders[0]!.id;
  await emailsAbout(orderId, 0);

  // The e-check clears: PayPal's webhook has the service deliver it.
  const completed = await fetch(`${fakePayPalBase}/fake/orders/${orderId}/complete`, {
    method: 'POST',
  });
  expect(completed.status).toBe(200);
  const buyer = (await emailsAbout(orderId, 2)).find((m) => m.to?.[0]?.address === email)!;
  expect([...buyer.text!.matchAll(/http\S+\/download\/\S+/g)]).toHaveLength(1);
});

test('the site reopened after an approval that never reached the service finishes the order', async ({
  page,
  cart,
  problems,
}) => {
  problems.allow(/capture|Failed to fetch|ERR_/);
  const paypal = await stubPayPal(page);
  const email = `reopened-${test.info().project.name}@example.com`;
  await cart.fill([regal.name]);
  await stubCapture(page, ['offline']);
  await page.goto('/checkout/');
  await fillDetails(page, {
    name: 'Dev Malhotra',
    email: email,
    phone: '+1 604 555 0177',
    address: '9 Peepal Street, Richmond BC',
  });
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByTestId('payment-error')).toBeVisible();

  // The phone comes back online later; the buyer opens the site again.
  await page.unrouteAll();
  await stubPayPal(page);
  await page.goto('/presets/');
  const notice = page.getByRole('status').filter({ hasText: checkoutCopy.recovered.message });
  await expect(notice).toBeVisible();
  expect(await cart.stored()).toEqual([]);
  await notice.getByRole('link', { name: checkoutCopy.recovered.link }).click();
  await expect(page.getByText(`${checkoutCopy.receipt.emailSentTo} ${email}.`)).toBeVisible();
  const orderId = paypal.orders[0]!.id;
  expect((await emailsAbout(orderId, 2)).map((m) => m.to?.[0]?.address)).toContain(email);
});

test("the fresh-links form recovers a paid order the service never heard of, by the receipt's id", async ({
  page,
  request,
  problems,
}) => {
  // The service answers 404 for the other address, which the browser logs.
  problems.allow(/orders\/resend/);
  // Paid at PayPal, but neither the browser's call nor PayPal's webhook ever reached the service.
  const email = `receipt-${test.info().project.name}@example.com`;
  const lines = [
    { slug: awaken.slug, name: awaken.name, priceCents: awaken.priceCents, quantity: 1 as const },
  ];
  // An order as the checkout created it in the browser before the service created orders.
  const { intent, purchase_units } = orderRequest(lines, 'USD', {
    reference: newOrderReference(),
    description: checkoutCopy.orderDescription,
  });
  purchase_units[0]!.custom_id = email;
  const auth = await paypalAuth(request);
  const created = await request.post(`${fakePayPalBase}/v2/checkout/orders`, {
    headers: auth,
    data: { intent, purchase_units },
  });
  const { id: orderId } = (await created.json()) as { id: string };
  await request.post(`${fakePayPalBase}/fake/orders/${orderId}/approve`, {
    data: { webhook: false },
  });
  await request.post(`${fakePayPalBase}/v2/checkout/orders/${orderId}/capture`, {
    headers: auth,
    data: {},
  });

  const { resend } = checkoutCopy;
  await page.goto('/thank-you/');
  const form = page.getByRole('region', { name: resend.heading });
  await form.getByLabel(resend.orderLabel).fill(orderId);
  // Another address: said plainly that no paid order was found, never "on their way".
  await form.getByLabel(resend.emailLabel).fill(`someone-else-${email}`);
  await form.getByRole('button', { name: resend.submitLabel }).click();
  await expect(form.getByRole('status')).toContainText('We found no paid order');
  await form.getByLabel(resend.emailLabel).fill(email);
  await form.getByRole('button', { name: resend.submitLabel }).click();
  await expect(form.getByRole('status')).toHaveText(resend.sent);
  // The buyer's e-mail, the studio's copy, and the studio's alert about the other address.
  const buyer = (await emailsAbout(orderId, 3)).find((m) => m.to?.[0]?.address === email)!;
  expect(buyer.text).toContain(awaken.name);
});
