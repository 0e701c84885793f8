// The browser's client of the order-confirmation service (server/): no zod here, so that pages
// which only ask for fresh links stay light.

/** A PayPal order id as the order-confirmation service accepts it (also a form's pattern). */
export const ORDER_ID_PATTERN = '[A-Za-z0-9\\-]{5,64}';

/** POSTs JSON to the order-confirmation service; the response, or null when it is unreachable. */
export async function postToService(apiBase: string, path: string, body: unknown) {
  try {
    return await fetch(`${apiBase.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/**
 * Asks for fresh download links: 'sent' (the service's answer is the same whether or not the
 * order exists), the service's own message when it refused, or 'unreachable'.
 */
export async function requestFreshLinks(
  apiBase: string,
  body: { orderId: string; email: string },
): Promise<'sent' | 'unreachable' | { error: string }> {
  const response = await postToService(apiBase, '/api/orders/resend', body);
  if (!response) return 'unreachable';
  if (response.ok) return 'sent';
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return answer?.error ? { error: answer.error } : 'unreachable';
}
