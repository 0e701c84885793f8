// Bundles and the terms of sale at the service: a bundle is one PayPal item at its own price that
// delivers each of its packs once; each order keeps the terms its buyer was shown.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PackRef } from '@/lib/shared/order';
import {
  allPacks,
  ask,
  atPayPal,
  buy,
  catalogWith,
  createOrder,
  CUSTOMER,
  linksIn,
  retried,
  serviceFor,
  publishedShop,
  stoic,
  type Receipt,
  type Smtp,
} from '../testing/harness';

const [weddings] = publishedShop.bundles;
/** The bundle as the checkout names it: its slug, name and price. */
const bundle: PackRef = {
  slug: weddings!.slug,
  name: weddings!.name,
  priceCents: weddings!.priceCents,
};
const members = weddings!.members.map((slug) => allPacks.find((pack) => pack.slug === slug)!);

const toBuyer = (it: { smtp: Smtp }, orderId: string) =>
  it.smtp.messages.filter(
    (m) => m.subject?.includes(orderId) && m.to?.[0]?.address === CUSTOMER.email,
  );

describe('bundles', () => {
  const it = serviceFor();

  test('one PayPal item at the bundle’s price, delivering every pack’s link once', async () => {
    const { id, response } = await buy(it.service, [bundle]);
    assert.equal(response.status, 200);
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.deepEqual(
      unit.items!.map((item) => [item.sku, item.name, item.unit_amount.value, item.quantity]),
      [[bundle.slug, bundle.name, (bundle.priceCents / 100).toFixed(2), '1']],
    );
    assert.equal(unit.amount.value, (bundle.priceCents / 100).toFixed(2));

    const receipt = (await response.json()) as Receipt;
    assert.deepEqual(
      receipt.downloads.map((download) => download.name),
      members.map((pack) => pack.name),
    );
    await it.service.settled();
    const [email] = toBuyer(it, id);
    const links = linksIn(email!.text!);
    assert.equal(links.length, members.length);
    for (const [index, link] of links.entries()) {
      const file = await fetch(`${link}/file`);
      assert.equal(file.status, 200);
      assert.equal(
        file.headers.get('content-disposition'),
        `attachment; filename="${members[index]!.slug}.zip"`,
      );
      await file.arrayBuffer();
    }
    assert.ok(email!.text!.includes(`${bundle.name}: $${(bundle.priceCents / 100).toFixed(2)}`));
  });

  test('a pack asked for alone beside a bundle that holds it: 409 naming it, before PayPal', async () => {
    const created = await createOrder(it.service, [stoic, bundle]);
    assert.equal(created.status, 409);
    const answer = (await created.json()) as { reason: string; error: string; packs: PackRef[] };
    assert.equal(answer.reason, 'in-bundle');
    assert.deepEqual(
      answer.packs.map((pack) => pack.slug),
      [stoic.slug],
    );
    assert.match(answer.error, new RegExp(stoic.name));
    // Without it, the same order goes through at the bundle's price.
    const { id, response } = await buy(it.service, [bundle]);
    assert.equal(response.status, 200);
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.equal(unit.amount.value, (bundle.priceCents / 100).toFixed(2));
  });

  test('two bundles that share a pack: 409 refusing the second, the bundle holding both offered', async () => {
    const ref = (slug: string): PackRef => {
      const each = publishedShop.bundles.find((item) => item.slug === slug)!;
      return { slug: each.slug, name: each.name, priceCents: each.priceCents };
    };
    const portrait = ref('portrait-bundle');
    const created = await createOrder(it.service, [bundle, portrait]);
    assert.equal(created.status, 409);
    const answer = (await created.json()) as {
      reason: string;
      packs: PackRef[];
      cheaper?: PackRef;
    };
    assert.equal(answer.reason, 'in-bundle');
    assert.deepEqual(
      answer.packs.map((pack) => pack.slug),
      [portrait.slug],
    );
    assert.deepEqual(
      [answer.cheaper?.slug, answer.cheaper?.priceCents],
      ['bundle-save-all-presets', 16999],
    );
  });

  test('a bundle repriced while the buyer was on the page: 409 with today’s price, nothing charged', async () => {
    it.ctx.site.publish(
      catalogWith((catalog) => {
        catalog.bundles[0]!.priceCents -= 500;
      }),
    );
    await it.service.catalog.refresh();
    const created = await createOrder(it.service, [bundle]);
    assert.equal(created.status, 409);
    const answer = (await created.json()) as { packs: PackRef[] };
    assert.deepEqual(
      answer.packs.map(({ slug, priceCents }) => ({ slug, priceCents })),
      [{ slug: bundle.slug, priceCents: bundle.priceCents - 500 }],
    );
    const again = await createOrder(it.service, [
      { ...bundle, priceCents: bundle.priceCents - 500 },
    ]);
    assert.equal(again.status, 201);
    it.ctx.site.publish(publishedShop);
    await it.service.catalog.refresh();
  });
});

describe('the terms of sale on each order', () => {
  const it = serviceFor();

  test('recorded as shown when the order was made, repeated in every e-mail, never rewritten', async () => {
    const { id } = await buy(it.service, [stoic]);
    await it.service.settled();
    const shown = publishedShop.terms!;
    assert.deepEqual(it.service.store.findOrder(id)!.terms, shown);
    const [first] = toBuyer(it, id);
    assert.ok(first!.text!.includes(shown.refund));
    assert.ok(first!.text!.includes(`Licence (${shown.version})`), 'spelt as the pages spell it');

    // The studio changes its terms; the order keeps those its buyer agreed to.
    it.ctx.site.publish(
      catalogWith((catalog) => {
        catalog.terms = {
          ...catalog.terms!,
          version: '2027-01',
          refundDays: 30,
          refund: 'Thirty days.',
        };
      }),
    );
    await it.service.catalog.refresh();
    assert.equal(it.service.catalog.current()!.terms!.version, '2027-01');
    const resend = await ask(it.service, '/api/orders/resend', {
      orderId: id,
      email: CUSTOMER.email,
    });
    assert.equal(resend.status, 202);
    await it.service.settled();
    await retried(() => toBuyer(it, id).length === 2);
    const fresh = toBuyer(it, id)[1]!;
    assert.ok(fresh.text!.includes(shown.refund));
    assert.ok(!fresh.text!.includes('Thirty days.'));
    assert.deepEqual(it.service.store.findOrder(id)!.terms, shown);
    // A new order is made under the new terms.
    const { id: later } = await buy(it.service, [stoic]);
    assert.equal(it.service.store.findOrder(later)!.terms!.version, '2027-01');
  });
});
