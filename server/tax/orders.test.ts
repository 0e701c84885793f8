// Tax at the service: the order created at PayPal carries the tax its price includes where the
// buyer is, the order records it with its evidence, and the receipt and e-mail state it; a place
// the shop cannot sell to, an unknown country or a malformed province are refused before PayPal.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  atPayPal,
  buy,
  catalogWith,
  createOrder,
  CUSTOMER,
  publishedShop,
  refund,
  retried,
  serviceFor,
  stoic,
  type Receipt,
  addCode,
  approve,
  ask,
  capture,
  captureOf,
} from '../testing/harness';
import type { CreatedAnswer, DeliveredAnswer } from '../routes/contract';

describe('tax included in the price', () => {
  const it = serviceFor();
  const usd = (value: string) => ({ currency_code: 'USD', value });

  test('a buyer in Germany pays $39.99, of which PayPal, the record, the receipt and the e-mail say $6.38 is VAT', async () => {
    const { id, response } = await buy(it.service, [stoic], {
      place: { country: 'DE' },
      payer: { payerCountry: 'DE' },
    });
    assert.equal(response.status, 200);
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.deepEqual(unit.amount, {
      ...usd('39.99'),
      breakdown: { item_total: usd('33.61'), tax_total: usd('6.38') },
    });
    assert.deepEqual(unit.items![0]!.tax, usd('6.38'));

    const recorded = it.service.store.findOrder(id)!;
    assert.equal(recorded.totalCents, 3999);
    assert.deepEqual(
      [recorded.tax!.country, recorded.tax!.scheme, recorded.tax!.rate, recorded.tax!.taxCents],
      ['DE', 'eu-oss', 19, 638],
    );
    assert.deepEqual(recorded.tax!.evidence, {
      given: 'DE',
      givenRegion: null,
      paypal: 'DE',
      paypalRegion: null,
      cdn: null,
    });
    const receipt = (await response.json()) as Receipt & { tax?: { cents: number } };
    assert.equal(receipt.tax?.cents, 638);
    await it.service.settled();
    const email = it.smtp.messages.find(
      (m) => m.subject?.includes(id) && m.to?.[0]?.address === CUSTOMER.email,
    )!;
    assert.match(
      email.text!,
      /VAT 19 % \(Germany\) included: \$6\.38 USD\nThe studio's EU VAT number: EU124000001/,
    );
  });

  test("where PayPal's country differs, PayPal's settles the record; the amount stays", async () => {
    const { id } = await buy(it.service, [stoic], {
      place: { country: 'DE' },
      payer: { payerCountry: 'FR' },
    });
    const tax = it.service.store.findOrder(id)!.tax!;
    assert.deepEqual([tax.country, tax.rate, tax.taxCents + tax.netCents], ['FR', 20, 3999]);
    assert.equal((await atPayPal(it.service, id)).purchase_units![0]!.amount.value, '39.99');
  });

  test('a page from before tax sends no country: the order is made untaxed and PayPal’s country settles it', async () => {
    const { id } = await buy(it.service, [stoic], { payer: { payerCountry: 'GB' } });
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.equal(unit.amount.breakdown!.tax_total, undefined);
    const tax = it.service.store.findOrder(id)!.tax!;
    assert.deepEqual([tax.country, tax.rate, tax.taxCents], ['GB', 20, 667]);
  });

  test('refunds give the tax back: in proportion, the rest with the last of the money, each once', async () => {
    const { id } = await buy(it.service, [stoic], {
      place: { country: 'DE' },
      payer: { payerCountry: 'DE' },
    });
    // PayPal sends each refund's event three times; it is recorded once.
    const repeat = { 'Fake-PayPal-Repeat': '3' };
    assert.equal((await refund(it.service, id, { value: '10.00', headers: repeat })).status, 201);
    await retried(() => it.service.store.refundsOf(id).length === 1);
    assert.equal((await refund(it.service, id, { headers: repeat })).status, 201);
    await retried(() => it.service.store.findOrder(id)!.status === 'refunded');
    await it.service.settled();
    const given = it.service.store.refundsOf(id);
    assert.deepEqual(
      given.map((each) => [each.cents, each.taxCents]),
      [
        [1000, 160],
        [2999, 478],
      ],
    );
    assert.equal(given[0]!.taxCents + given[1]!.taxCents, 638);
  });

  test('paid from a place whose scheme is switched off: delivered, untaxed in the record, and the studio told once', async () => {
    it.ctx.site.publish(
      catalogWith((catalog) => {
        catalog.tax!.schemes.find((scheme) => scheme.id === 'uk-vat')!.registered = false;
      }),
    );
    await it.service.catalog.refresh();
    try {
      const { id, response } = await buy(it.service, [stoic], {
        place: { country: 'DE' },
        payer: { payerCountry: 'GB' },
        webhook: true,
      });
      assert.equal(response.status, 200);
      const tax = it.service.store.findOrder(id)!.tax!;
      assert.deepEqual([tax.country, tax.closed, tax.taxCents], ['GB', true, 0]);
      await retried(() => it.service.store.findOrder(id)!.status === 'delivered');
      await it.service.settled();
      const alerts = it.smtp.messages.filter((m) =>
        m.subject?.startsWith(`Order ${id}: paid from the UK, where the shop does not sell yet`),
      );
      assert.equal(alerts.length, 1);
      assert.match(
        alerts[0]!.text!,
        /The buyer chose DE at the checkout, and PayPal says they are in GB/,
      );
    } finally {
      it.ctx.site.publish(publishedShop);
      await it.service.catalog.refresh();
    }
  });

  test('a reversal gives all the tax back once, though the webhook and the reconciliation both see it', async () => {
    const since = new Date(Date.now() - 60_000);
    const { id } = await buy(it.service, [stoic], {
      place: { country: 'DE' },
      payer: { payerCountry: 'DE' },
    });
    const captureId = await captureOf(it.service, id);
    const reversed = await fetch(`${it.service.paypalBase}/fake/captures/${captureId}/reverse`, {
      method: 'POST',
    });
    assert.equal(reversed.status, 200);
    await retried(() => it.service.store.findOrder(id)!.status === 'refunded');
    await it.service.reconcile(since);
    await it.service.reconcile(since);
    assert.deepEqual(
      it.service.store.refundsOf(id).map((each) => [each.id, each.cents, each.taxCents]),
      [[`reversal:${captureId}`, 3999, 638]],
    );
  });

  test('an unknown country, a malformed province and a tax field of the buyer’s own are refused, naming the field', async () => {
    for (const customer of [
      { country: 'ZZ' },
      { country: 'de' },
      { country: 'CA', region: 'Ontario' },
      { country: 'DE', tax: '0' },
    ]) {
      const created = await createOrder(it.service, [stoic], { place: customer });
      assert.equal(created.status, 400, JSON.stringify(customer));
      assert.match(await created.text(), /customer/);
    }
  });

  test('Canada without a province: 422 asking for it; a scheme switched off: 422, and no PayPal order', async () => {
    const region = await createOrder(it.service, [stoic], { place: { country: 'CA' } });
    assert.equal(region.status, 422);
    assert.deepEqual(await region.json(), {
      error: 'Please choose your province or state in Canada.',
      reason: 'region-needed',
      place: 'Canada',
    });

    it.ctx.site.publish(
      catalogWith((catalog) => {
        catalog.tax!.schemes.find((scheme) => scheme.id === 'uk-vat')!.registered = false;
      }),
    );
    await it.service.catalog.refresh();
    const before = it.ctx.logs.filter((f) => f.msg === 'order created').length;
    const closed = await createOrder(it.service, [stoic], { place: { country: 'GB' } });
    assert.equal(closed.status, 422);
    assert.deepEqual(await closed.json(), {
      error: 'The shop cannot sell to buyers in the UK yet.',
      reason: 'cannot-sell-there',
      place: 'the UK',
    });
    assert.equal(it.ctx.logs.filter((f) => f.msg === 'order created').length, before);
    it.ctx.site.publish(publishedShop);
    await it.service.catalog.refresh();
  });
});

describe('business buyers: a VAT number VIES confirms is reverse-charged', () => {
  const it = serviceFor();
  const usd = (value: string) => ({ currency_code: 'USD', value });
  const emailOf = (id: string) =>
    it.smtp.messages.find((m) => m.subject?.includes(id) && m.to?.[0]?.address === CUSTOMER.email)!;
  const vies = (route: string, body: unknown) =>
    fetch(`${it.service.viesBase}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('a German business is told at Continue that VIES confirms its number, and pays $33.61: the $39.99 less the 19 % VAT it includes', async () => {
    const asked = await ask(it.service, '/api/vat-number', {
      country: 'DE',
      vatNumber: 'de 136 695 976',
    });
    assert.equal(asked.status, 200);
    assert.deepEqual(await asked.json(), { number: 'DE136695976', check: 'valid' });

    const created = await createOrder(it.service, [stoic], {
      place: { country: 'DE', vatNumber: 'de 136 695 976' },
      vatCheck: 'valid',
      timeZone: 'Europe/Berlin',
    });
    assert.equal(created.status, 201);
    const { id, vatNumber } = (await created.json()) as CreatedAnswer;
    assert.deepEqual(vatNumber, { number: 'DE136695976', check: 'valid' });
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.deepEqual(unit.amount, { ...usd('33.61'), breakdown: { item_total: usd('33.61') } });
    assert.deepEqual([unit.items![0]!.unit_amount, unit.items![0]!.tax], [usd('33.61'), undefined]);
    assert.match(unit.description!, /Net, VAT reverse charged: DE136695976$/);

    await approve(it.service, id, { payerCountry: 'DE' });
    const response = await capture(it.service, id);
    assert.equal(response.status, 200);
    const order = it.service.store.findOrder(id)!;
    const tax = order.tax!;
    assert.deepEqual(
      [order.totalCents, tax.country, tax.scheme, tax.taxCents, tax.netCents, tax.pricedNet],
      [3361, 'DE', 'eu-oss', 0, 3361, true],
    );
    assert.deepEqual([tax.business?.number, tax.business?.check], ['DE136695976', 'valid']);
    const receipt = (await response.json()) as DeliveredAnswer;
    assert.equal(receipt.totalCents, 3361);
    assert.deepEqual(receipt.tax?.business, { number: 'DE136695976', check: 'valid' });
    assert.equal(receipt.tax?.pricedNet, true);
    await it.service.settled();
    const text = emailOf(id).text!;
    assert.match(text, /Stoic Pack: \$33\.61 USD\nTotal: \$33\.61 USD/);
    assert.match(
      text,
      /Prices net of VAT \(Germany, 19 %\)\.\nVAT reverse charged: DE136695976\. You account for the VAT in your country\./,
    );
    assert.doesNotMatch(text, /included: \$/);
    // The links' expiry in Berlin's time, with UTC beside it.
    assert.match(
      text,
      /until \w+ \d+, \d{4} at \d+:\d\d [AP]M Central European (Standard|Summer) Time \(\d+:\d\d [AP]M UTC\)\./,
    );
  });

  test('a code for a business is taken off its net prices, in the preview and at PayPal alike', async () => {
    addCode(it.service, 'NET10', { value: 10 });
    const preview = await ask(it.service, '/api/discounts/check', {
      code: 'NET10',
      items: [stoic.slug],
      pricedNet: 'DE',
    });
    assert.deepEqual(await preview.json(), {
      applies: true,
      code: 'NET10',
      discountCents: 336,
      itemTotalCents: 3361,
      totalCents: 3025,
    });
    const created = await createOrder(it.service, [stoic], {
      code: 'NET10',
      place: { country: 'DE', vatNumber: 'DE136695976' },
      vatCheck: 'valid',
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as CreatedAnswer;
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.deepEqual(unit.amount, {
      ...usd('30.25'),
      breakdown: { item_total: usd('33.61'), discount: usd('3.36') },
    });
  });

  test('VIES answering otherwise than the page showed: no order, and its answer now for the page to show', async () => {
    // The page said VIES confirmed the number (and showed the net price); VIES now does not know it.
    const created = await createOrder(it.service, [stoic], {
      place: { country: 'DE', vatNumber: 'DE129273398' },
      vatCheck: 'valid',
    });
    assert.equal(created.status, 409);
    assert.deepEqual(await created.json(), {
      error: 'VIES answers otherwise about the VAT number than the page showed.',
      reason: 'vat-changed',
      vatNumber: { number: 'DE129273398', check: 'invalid' },
    });
    // A page from before the check sends no answer: priced by VIES's word, as before. A time
    // zone the service does not know is dropped, never a reason to refuse.
    const older = await createOrder(it.service, [stoic], {
      place: { country: 'DE', vatNumber: 'DE129273398' },
      timeZone: 'Mars/Olympus_Mons',
    });
    assert.equal(older.status, 201);
    const { id: olderId } = (await older.json()) as CreatedAnswer;
    assert.equal(it.service.store.findOrder(olderId)!.timeZone, null);
    // A number for a country outside the EU, or malformed, is refused, naming the field.
    const wrong = await ask(it.service, '/api/vat-number', {
      country: 'US',
      vatNumber: 'DE136695976',
    });
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /vatNumber/);
  });

  test('a number VIES does not know, or VIES down: VAT included as for a consumer, and the buyer told why', async () => {
    // Well-formed (its check digit holds), but no registry holds it.
    const unknown = await buy(it.service, [stoic], {
      place: { country: 'DE', vatNumber: 'DE129273398' },
      payer: { payerCountry: 'DE' },
    });
    const unknownTax = it.service.store.findOrder(unknown.id)!.tax!;
    assert.deepEqual([unknownTax.taxCents, unknownTax.business?.check], [638, 'invalid']);

    assert.equal((await vies('/fake/member-states/FR', { available: false })).status, 200);
    const created = await createOrder(it.service, [stoic], {
      place: { country: 'FR', vatNumber: 'FR40303265045' },
    });
    assert.equal(created.status, 201);
    const { id, vatNumber } = (await created.json()) as CreatedAnswer;
    assert.deepEqual(vatNumber, { number: 'FR40303265045', check: 'unavailable' });
    const unit = (await atPayPal(it.service, id)).purchase_units![0]!;
    assert.deepEqual(unit.amount.breakdown!.tax_total, usd('6.67'));
    assert.ok(
      it.ctx.logs.some(
        (f) => f.msg === 'VIES did not check a VAT number' && f.reason === 'MS_UNAVAILABLE',
      ),
    );
    await approve(it.service, id, { payerCountry: 'FR' });
    assert.equal((await capture(it.service, id)).status, 200);
    await vies('/fake/member-states/FR', { available: true });
    await it.service.settled();
    assert.match(
      emailOf(unknown.id).text!,
      /VAT 19 % \(Germany\) included: \$6\.38 USD\n.*\nThe EU's VIES service does not know the VAT number DE129273398, so the price includes VAT as for a consumer\./,
    );
    assert.match(emailOf(id).text!, /could not check the VAT number FR40303265045 just now/);
  });

  test('a malformed number, one of another country than the buyer’s, or one outside the EU is refused, naming the field', async () => {
    for (const place of [
      { country: 'DE', vatNumber: 'DE136695977' },
      { country: 'DE', vatNumber: 'FR40303265045' },
      { country: 'US', vatNumber: 'DE136695976' },
      // The UK's numbers are not VIES's: the checkout asks none of a UK buyer.
      { country: 'GB', vatNumber: 'GB980780684' },
    ]) {
      const created = await createOrder(it.service, [stoic], { place });
      assert.equal(created.status, 400, JSON.stringify(place));
      assert.match(await created.text(), /vatNumber/);
    }
  });
});

describe("a buyer's own country header behind the documented proxy", () => {
  const behindProxy = serviceFor({ trustProxyHops: 1 });
  const behindCloudflare = serviceFor({ trustProxyHops: 1, cdnCountryHeader: 'cloudflare' });

  test('claimed US with CF-IPCountry: US, PayPal DE: taxed in Germany, the header read only where named', async () => {
    for (const [it, read] of [
      [behindProxy, null],
      [behindCloudflare, 'US'],
    ] as const) {
      const created = await createOrder(it.service, [stoic], {
        place: { country: 'US' },
        headers: { 'CF-IPCountry': 'US', 'CloudFront-Viewer-Country': 'US' },
      });
      assert.equal(created.status, 201);
      const { id } = (await created.json()) as CreatedAnswer;
      await approve(it.service, id, { payerCountry: 'DE', webhook: false });
      assert.equal((await capture(it.service, id)).status, 200);
      const tax = it.service.store.findOrder(id)!.tax!;
      assert.deepEqual(
        [tax.evidence.cdn, tax.country, tax.rate, tax.taxCents],
        [read, 'DE', 19, 638],
      );
    }
  });
});
