/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import type { UnconfirmedOrder } from '@/lib/browser/order-client';
import { checkoutReducer, initialCheckout, type CheckoutState } from './checkout-state';

const pending: UnconfirmedOrder = {
  via: 'capture',
  orderId: 'ORDER-1',
  email: 'meera@example.com',
  items: ['Stoic Pack'],
  totalCents: 3199,
};
const paying: CheckoutState = {
  ...initialCheckout(pending),
  details: { name: 'Meera', email: pending.email, phone: '1', address: 'Lane', country: 'US' },
  editing: false,
  confirming: true,
  discount: { code: 'LAUNCH20', cents: 800, skus: 'stoic-pack' },
};

describe('the checkout after the buyer approved the payment', () => {
  test('an unanswered call keeps the order pending and says so: trying again charges nobody twice', () => {
    const state = checkoutReducer(paying, { type: 'finished', result: null });
    expect(state).toMatchObject({ pending, confirming: false, error: 'confirmationFailed' });
  });

  test('a code whose last use went elsewhere: nothing charged, the code dropped, the buyer told', () => {
    const state = checkoutReducer(paying, { type: 'finished', result: { final: 'code-taken' } });
    expect(state).toMatchObject({ pending: null, discount: null, error: 'codeTaken' });
  });

  test('paid but not deliverable: the studio takes over, naming the order and the address', () => {
    const state = checkoutReducer(paying, {
      type: 'finished',
      result: { final: 'paid-not-delivered' },
    });
    expect(state.needsStudio).toEqual({ email: 'meera@example.com', orderId: 'ORDER-1' });
    expect(state.pending).toBeNull();
  });

  test('declined: back at the payment step with the provider message, the discount kept', () => {
    const state = checkoutReducer(paying, { type: 'finished', result: { final: 'declined' } });
    expect(state).toMatchObject({ pending: null, error: 'providerError' });
    expect(state.discount).toEqual(paying.discount);
  });
});

describe('the checkout when the service does not create the order', () => {
  test('new prices: the notice replaces the error, and the code is asked for again', () => {
    const state = checkoutReducer(
      { ...paying, confirming: false, error: 'providerError' },
      { type: 'order-refused', notice: 'Prices changed.', discountMessage: 'Check the code.' },
    );
    expect(state).toMatchObject({
      error: null,
      notice: 'Prices changed.',
      discount: null,
      discountMessage: 'Check the code.',
    });
  });

  test('the service gone: no payment button until it answers again', () => {
    const state = checkoutReducer(
      { ...paying, service: 'up' },
      { type: 'order-refused', serviceDown: true },
    );
    expect(state.service).toBe('down');
    expect(state.discount).toEqual(paying.discount);
  });
});

test('details that do not pass keep the buyer on the form with each message', () => {
  const state = checkoutReducer(initialCheckout(null), {
    type: 'details-checked',
    result: { errors: { email: 'Please enter a valid email address.' } },
  });
  expect(state).toMatchObject({ editing: true, details: null });
  expect(state.errors.email).toBe('Please enter a valid email address.');
});
