'use client';

import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { useEffect, useRef } from 'react';

type Order = {
  intent: 'CAPTURE';
  purchase_units: { amount: { currency_code: string; value: string } }[];
};

type Props = {
  clientId: string;
  currency: string;
  order: Order;
  scriptFailedMessage: string;
  /** Called once per approved order, after PayPal captured it. */
  onCaptured(orderId: string): void;
  onProviderError(error: unknown): void;
};

const buttonStyle = {
  layout: 'vertical',
  color: 'blue',
  shape: 'rect',
  label: 'paypal',
  tagline: false,
} as const;

function Buttons({
  order,
  scriptFailedMessage,
  onCaptured,
  onProviderError,
}: Omit<Props, 'clientId' | 'currency'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // A second click while an order is being created reuses it: never two orders for one purchase.
  const creating = useRef<Promise<string> | null>(null);
  const approved = useRef(new Set<string>());

  useEffect(() => {
    if (isRejected) console.error(scriptFailedMessage);
  }, [isRejected, scriptFailedMessage]);

  if (isRejected) {
    return (
      <p role="alert" data-testid="payment-error">
        {scriptFailedMessage}
      </p>
    );
  }
  return (
    <>
      {isPending && <p role="status">Loading PayPal…</p>}
      <PayPalButtons
        style={buttonStyle}
        forceReRender={[order.purchase_units[0]?.amount.value]}
        createOrder={(_, actions) => {
          creating.current ??= actions.order.create(order);
          return creating.current;
        }}
        onApprove={async (data, actions) => {
          creating.current = null;
          if (approved.current.has(data.orderID)) return;
          approved.current.add(data.orderID);
          const capture = await actions.order?.capture();
          onCaptured(capture?.id ?? data.orderID);
        }}
        onCancel={() => {
          creating.current = null;
        }}
        onError={(error) => {
          creating.current = null;
          onProviderError(error);
        }}
      />
    </>
  );
}

/** The PayPal buttons; the SDK is only loaded where this is mounted (the checkout's payment step). */
export function PayPalPayment({ clientId, currency, ...props }: Props) {
  return (
    <PayPalScriptProvider
      options={{ clientId, currency, intent: 'capture', components: 'buttons' }}
    >
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}
