// The booking's HTTP routes. The couple's (/api/booking, inside the API: the site's origins only,
// its rate limit and body limit) carry the link's token in the JSON body, never in an address, so
// it reaches no log. The studio's (/api/studio) need a session cookie, set by a sign-in link.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { Config } from '../config';
import type { Log } from '../log';
import { PayPalUnavailable } from '../paypal/client';
import { clientKey, jsonBody, problem, rateLimit, siteOriginsOnly, type Env } from '../http';
import { BookingProblem, type Bookings } from './index';
import { line, OTHER_METHODS, proposalInputSchema } from './model';
import { SESSION_COOKIE, SESSION_MS, type StaffAccess } from './staff';
import { BOOKING_ID } from './tokens';

const token = z.string().min(10).max(200);
const orderId = z.string().regex(/^[A-Z0-9]{10,20}$/, 'must be a PayPal order id');
const holder = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a random id of the page');

/** A booking's refusal, or PayPal out of reach, as an answer; anything else is the app's. */
async function answering<T>(c: Context, work: () => Promise<T> | T, ok: (value: T) => Response) {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof BookingProblem) return problem(c, error.status, error.message);
    if (error instanceof PayPalUnavailable) {
      return problem(
        c,
        503,
        'PayPal cannot be reached right now. Nothing was taken; try again in a minute.',
      );
    }
    throw error;
  }
}

export function coupleRoutes({ bookings, config }: { bookings: Bookings; config: Config }) {
  const who = clientKey(config);
  return new Hono<Env>()
    .post('/open', ...jsonBody(z.strictObject({ token })), (c) =>
      answering(
        c,
        () => bookings.opened(c.req.valid('json').token),
        (view) => c.json(view, 200),
      ),
    )
    .post('/instalment', ...jsonBody(z.strictObject({ token })), (c) =>
      answering(
        c,
        () => bookings.instalment(c.req.valid('json').token),
        (view) => c.json(view, 200),
      ),
    )
    .post(
      '/change',
      ...jsonBody(z.strictObject({ token, message: z.string().trim().min(1).max(4000) })),
      (c) =>
        answering(
          c,
          () => bookings.askChange(c.req.valid('json').token, c.req.valid('json').message),
          () => c.json({ sent: true as const }, 200),
        ),
    )
    .post(
      '/code',
      ...jsonBody(z.strictObject({ token, signer: z.number().int().min(0).max(1) })),
      (c) =>
        answering(
          c,
          () => bookings.sendCode(c.req.valid('json').token, c.req.valid('json').signer),
          () => c.json({ sent: true as const }, 200),
        ),
    )
    .post(
      '/sign',
      ...jsonBody(
        z.strictObject({
          token,
          signer: z.number().int().min(0).max(1),
          name: line(120),
          code: z.string().regex(/^\d{6}$/, 'must be the six digits e-mailed'),
          consent: z.literal(true, 'must be given to sign electronically'),
          sha256: z.string().regex(/^[0-9a-f]{64}$/),
        }),
      ),
      (c) => {
        const { token: link, ...input } = c.req.valid('json');
        const from = { ip: who(c), userAgent: c.req.header('user-agent') ?? '' };
        return answering(
          c,
          () => bookings.sign(link, input, from),
          (view) => c.json(view, 200),
        );
      },
    )
    .post(
      '/document',
      ...jsonBody(z.strictObject({ token, id: z.number().int().positive() })),
      (c) =>
        answering(
          c,
          () => bookings.pdf(c.req.valid('json').token, c.req.valid('json').id),
          (pdf) =>
            c.body(new Uint8Array(pdf), 200, {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="contract.pdf"',
            }),
        ),
    )
    .post(
      '/pay',
      ...jsonBody(
        z.strictObject({
          token,
          instalment: z
            .string()
            .regex(/^(?:retainer|e[0-9]{1,3})$/)
            .optional(),
          payer: z.string().trim().min(1).max(120),
          holder,
        }),
      ),
      (c) => {
        const { token: link, ...input } = c.req.valid('json');
        return answering(
          c,
          () => bookings.createPayment(link, input),
          (created) => c.json(created, 200),
        );
      },
    )
    .post('/capture', ...jsonBody(z.strictObject({ token, orderId })), (c) =>
      answering(
        c,
        () => bookings.capturePayment(c.req.valid('json').token, c.req.valid('json').orderId),
        (view) => c.json(view, 200),
      ),
    );
}

/** The couple's routes, as the page's typed client sees them. */
export type CoupleApi = ReturnType<typeof coupleRoutes>;

export function studioRoutes({
  bookings,
  staff,
  config,
  log,
}: {
  bookings: Bookings;
  staff: StaffAccess;
  config: Config;
  log: Log;
}) {
  const app = new Hono<Env & { Variables: { staff: string } }>();
  const siteOrigin = (origin: string) => (config.siteOrigins.includes(origin) ? origin : null);
  // A browser's request from another origin is refused outright (the cookie is SameSite=Strict
  // as well); CORS lets the site's own pages send the cookie.
  app.use(siteOriginsOnly(config, log));
  app.use(
    cors({
      origin: siteOrigin,
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['Content-Type'],
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use(rateLimit(config));
  app.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => problem(c, 413, 'The request body is too large.'),
    }),
  );
  const cookieOptions = {
    path: '/api/studio',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict' as const,
  };
  const signedIn = async (
    c: Context<Env & { Variables: { staff: string } }>,
    next: () => Promise<void>,
  ) => {
    const email = staff.who(getCookie(c, SESSION_COOKIE));
    if (!email) return problem(c, 403, 'Sign in first: your session has ended.');
    c.set('staff', email);
    await next();
  };
  const idOf = (id: string | undefined) => {
    if (!id || !BOOKING_ID.test(id)) throw new BookingProblem(404, 'No such booking.');
    return id;
  };

  return (
    app
      // Answered alike for any address, staff or not: the sign-in tells no one who is staff.
      .post('/sign-in', ...jsonBody(z.strictObject({ email: z.string().trim().max(254) })), (c) => {
        staff.requestLink(c.req.valid('json').email);
        return c.json({ sent: true as const }, 202);
      })
      .post(
        '/session',
        ...jsonBody(z.strictObject({ token: z.string().min(20).max(100) })),
        (c) => {
          const session = staff.startSession(c.req.valid('json').token);
          if (!session)
            return problem(c, 403, 'This sign-in link has expired or was used. Ask for a new one.');
          setCookie(c, SESSION_COOKIE, session.cookie, {
            ...cookieOptions,
            maxAge: SESSION_MS / 1000,
          });
          return c.json({ email: session.email }, 200);
        },
      )
      .post('/sign-out', (c) => {
        staff.endSession(getCookie(c, SESSION_COOKIE));
        deleteCookie(c, SESSION_COOKIE, cookieOptions);
        return c.json({ signedOut: true as const }, 200);
      })
      // Who is signed in, or no one: the page asks before it shows the sign-in form.
      .get('/me', (c) => c.json({ email: staff.who(getCookie(c, SESSION_COOKIE)) }, 200))
      .get('/bookings', signedIn, (c) =>
        answering(
          c,
          () => bookings.list(),
          (list) => c.json(list, 200),
        ),
      )
      .post('/bookings', signedIn, ...jsonBody(proposalInputSchema), (c) =>
        answering(
          c,
          () => bookings.create(c.req.valid('json'), c.get('staff')),
          (made) => c.json(made, 200),
        ),
      )
      .get('/bookings/:id', signedIn, (c) =>
        answering(
          c,
          () => bookings.detail(idOf(c.req.param('id'))),
          (found) => c.json(found, 200),
        ),
      )
      .post('/bookings/:id', signedIn, ...jsonBody(proposalInputSchema), (c) =>
        answering(
          c,
          () => bookings.revise(idOf(c.req.param('id')), c.req.valid('json'), c.get('staff')),
          (found) => c.json(found, 200),
        ),
      )
      .post('/bookings/:id/send', signedIn, (c) =>
        answering(
          c,
          () => bookings.send(idOf(c.req.param('id')), c.get('staff')),
          (found) => c.json(found, 200),
        ),
      )
      .post('/bookings/:id/withdraw', signedIn, (c) =>
        answering(
          c,
          () => bookings.withdraw(idOf(c.req.param('id')), c.get('staff')),
          (found) => c.json(found, 200),
        ),
      )
      .post('/bookings/:id/cancel', signedIn, (c) =>
        answering(
          c,
          () => bookings.cancel(idOf(c.req.param('id')), c.get('staff')),
          (found) => c.json(found, 200),
        ),
      )
      .post(
        '/bookings/:id/move',
        signedIn,
        ...jsonBody(
          z.strictObject({ event: z.string().regex(/^e[0-9]{1,3}$/), date: z.iso.date() }),
        ),
        (c) =>
          answering(
            c,
            () =>
              bookings.moveEvent(
                idOf(c.req.param('id')),
                c.req.valid('json').event,
                c.req.valid('json').date,
                c.get('staff'),
              ),
            (found) => c.json(found, 200),
          ),
      )
      .post(
        '/bookings/:id/payments',
        signedIn,
        ...jsonBody(
          z.strictObject({
            instalment: z.string().regex(/^(?:retainer|e[0-9]{1,3})$/),
            method: z.enum(OTHER_METHODS),
            payer: z.string().trim().min(1).max(120),
          }),
        ),
        (c) =>
          answering(
            c,
            () => bookings.record(idOf(c.req.param('id')), c.req.valid('json'), c.get('staff')),
            (found) => c.json(found, 200),
          ),
      )
  );
}

/** The studio's routes, as its page's typed client sees them. */
export type StudioApi = ReturnType<typeof studioRoutes>;
