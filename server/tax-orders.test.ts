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
} from './testing/harness';

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
      /VAT 19 % \(Germany\) included: \$6\.38 USD\nEU VAT, non-Union OSS registration number EU124000001/,
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
