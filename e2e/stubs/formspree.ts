import type { Page, Request } from '@playwright/test';

export type FormspreeReply =
  | { kind: 'success' }
  | { kind: 'field-errors'; errors: { field: string; code: string; message: string }[] }
  | { kind: 'form-errors'; errors: { code: string; message: string }[] }
  | { kind: 'network-failure' };

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
};

/** The fields of a multipart or JSON body, as Formspree would read them. */
function fieldsOf(request: Request): Record<string, string> {
  const type = request.headers()['content-type'] ?? '';
  const body = request.postData() ?? '';
  if (type.includes('application/json')) return JSON.parse(body) as Record<string, string>;
  const boundary = type.split('boundary=')[1];
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const match = part.match(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n$/);
    if (match) fields[match[1]!] = match[2]!;
  }
  return fields;
}

/**
 * A stand-in for Formspree's submission endpoint: answers as the real one does (success, field
 * errors with 422, form errors, or no answer at all) and records what the form sent.
 */
export async function stubFormspree(page: Page, formKey: string, replies: FormspreeReply[]) {
  const submissions: { fields: Record<string, string>; headers: Record<string, string> }[] = [];
  await page.route(`https://formspree.io/f/${formKey}`, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    // Formspree answers in JSON only to a request that asks for it; otherwise it redirects to its
    // thank-you page, which a script cannot read.
    if (!request.headers()['accept']?.includes('application/json'))
      return route.fulfill({
        status: 302,
        headers: { ...cors, location: 'https://formspree.io/thanks' },
      });
    submissions.push({ fields: fieldsOf(request), headers: request.headers() });
    const reply = replies[Math.min(submissions.length, replies.length) - 1]!;
    switch (reply.kind) {
      case 'success':
        return route.fulfill({
          status: 200,
          headers: cors,
          json: { ok: true, next: 'https://formspree.io/thanks' },
        });
      case 'field-errors':
        return route.fulfill({
          status: 422,
          headers: cors,
          json: { error: 'Validation errors', errors: reply.errors },
        });
      case 'form-errors':
        return route.fulfill({
          status: 400,
          headers: cors,
          json: { error: reply.errors[0]?.message, errors: reply.errors },
        });
      case 'network-failure':
        return route.abort('internetdisconnected');
    }
  });
  return submissions;
}
