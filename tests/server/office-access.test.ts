/**
 * Who may use the office API: every route against a signed-out caller, a customer, an office member and an
 * admin (a table, so a new route without a row fails the completeness check). A refused caller changes
 * nothing; an allowed one gets the route's success.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_TEXT, SIGN_IN_REQUIRED_TEXT, STAFF_ONLY_TEXT } from '#server/ways-in/require-auth';
import {
  MINUTE,
  PASSWORD,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  jsonInit,
  login,
} from './helpers';
import {
  type Account,
  PDF_ORDER,
  account,
  deliver,
  getOrder,
  paidOrder,
  pdfBlob,
  schedule,
  tinyPdf,
  uploadReport,
} from './office-helpers';

afterAll(cleanup);

const { app, db, clock } = await createTestServer();
const customer = await account(app, db);
const office = await account(app, db, 'office');
const admin = await account(app, db, 'admin');

type Caller = 'signed out' | 'customer' | 'office' | 'admin';
const CALLERS: Caller[] = ['signed out', 'customer', 'office', 'admin'];
const tokenOf = (caller: Caller): string | null =>
  caller === 'signed out' ? null : { customer, office, admin }[caller].token;

async function orderStatus(id: string): Promise<string> {
  const row = await db.selectFrom('orders').select('status').where('invoice_id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

async function roleOf(id: string): Promise<string> {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow();
  return row.role;
}

/** A week with Monday's hours, as the "My hours" editor saves it. */
const HOURS = {
  weekly: {
    monday: [{ start: '09:00', end: '17:00' }],
    tuesday: [],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  },
  daysOff: [],
};

async function hoursRows(memberId: string): Promise<number> {
  const rows = await db.selectFrom('office_hours').select('member_id').where('member_id', '=', memberId).execute();
  return rows.length;
}

const soon = () => new Date(clock.now().getTime() + 120 * MINUTE).toISOString();

interface RouteCase {
  /** As Hono registers it, e.g. "POST /api/office/orders/:id/schedule". */
  route: string;
  /** Who may call it. */
  who: 'staff' | 'admin';
  /** Makes what one call needs, and says how to tell that nothing changed. */
  prepare(): Promise<{ call(token: string | null): Response | Promise<Response>; unchanged(): Promise<void> }>;
  /** The status of an allowed call. */
  success: number;
}

const ROUTES: RouteCase[] = [
  {
    route: 'GET /api/office/orders',
    who: 'staff',
    success: 200,
    prepare: async () => ({
      call: (token) => app.request('/api/office/orders?view=queue', { headers: token ? bearer(token) : {} }),
      unchanged: async () => {},
    }),
  },
  {
    route: 'GET /api/office/orders/:id',
    who: 'staff',
    success: 200,
    prepare: async () => {
      const id = await paidOrder(app, customer);
      return { call: (token) => getOrder(app, token, id), unchanged: async () => {} };
    },
  },
  {
    route: 'GET /api/office/orders/:id/invoice.pdf',
    who: 'staff',
    success: 200,
    prepare: async () => {
      const id = await paidOrder(app, customer);
      const call = (token: string | null) =>
        app.request(`/api/office/orders/${id}/invoice.pdf`, { headers: token ? bearer(token) : {} });
      return { call, unchanged: async () => {} };
    },
  },
  {
    route: 'POST /api/office/orders/:id/schedule',
    who: 'staff',
    success: 200,
    prepare: async () => {
      const id = await paidOrder(app, customer);
      return {
        call: (token) => schedule(app, token, id, { at: soon(), join: 'https://meet.example.com/abc' }),
        unchanged: async () => expect(await orderStatus(id)).toBe('paid'),
      };
    },
  },
  {
    route: 'POST /api/office/orders/:id/report',
    who: 'staff',
    success: 200,
    prepare: async () => {
      const id = await paidOrder(app, customer, PDF_ORDER);
      return {
        call: (token) => uploadReport(app, token, id, pdfBlob(tinyPdf())),
        unchanged: async () => expect(await orderStatus(id)).toBe('paid'),
      };
    },
  },
  {
    route: 'POST /api/office/orders/:id/deliver',
    who: 'staff',
    success: 200,
    prepare: async () => {
      const id = await paidOrder(app, customer);
      expect((await schedule(app, admin.token, id, { at: soon(), join: '+44 20 7946 0000' })).status).toBe(200);
      // The call has taken place: only who asks decides.
      clock.advance(120 * MINUTE);
      return {
        call: (token) => deliver(app, token, id),
        unchanged: async () => expect(await orderStatus(id)).toBe('scheduled'),
      };
    },
  },
  {
    route: 'GET /api/office/availability',
    who: 'staff',
    success: 200,
    prepare: async () => ({
      call: (token) => app.request('/api/office/availability', { headers: token ? bearer(token) : {} }),
      unchanged: async () => {},
    }),
  },
  {
    route: 'PUT /api/office/availability',
    who: 'staff',
    success: 200,
    prepare: async () => ({
      call: (token) => app.request('/api/office/availability', jsonInit('PUT', HOURS, token ? bearer(token) : {})),
      // A refused caller's hours were never written: the customer has no row of hours.
      unchanged: async () => expect(await hoursRows(customer.id)).toBe(0),
    }),
  },
  {
    route: 'GET /api/office/staff',
    who: 'admin',
    success: 200,
    prepare: async () => ({
      call: (token) => app.request('/api/office/staff', { headers: token ? bearer(token) : {} }),
      unchanged: async () => {},
    }),
  },
  {
    route: 'POST /api/office/staff',
    who: 'admin',
    success: 200,
    prepare: async () => {
      const someone = await account(app, db);
      return {
        call: (token) =>
          app.request(
            '/api/office/staff',
            jsonInit('POST', { email: someone.email, role: 'office' }, token ? bearer(token) : {}),
          ),
        unchanged: async () => expect(await roleOf(someone.id)).toBe('common'),
      };
    },
  },
  {
    route: 'DELETE /api/office/staff/:id',
    who: 'admin',
    success: 200,
    prepare: async () => {
      const member = await account(app, db, 'office');
      return {
        call: (token) =>
          app.request(`/api/office/staff/${member.id}`, { method: 'DELETE', headers: token ? bearer(token) : {} }),
        unchanged: async () => expect(await roleOf(member.id)).toBe('office'),
      };
    },
  },
];

function expected(route: RouteCase, caller: Caller): { status: number; text?: string } {
  if (caller === 'signed out') return { status: 401, text: SIGN_IN_REQUIRED_TEXT };
  if (caller === 'customer') return { status: 403, text: route.who === 'admin' ? ADMIN_ONLY_TEXT : STAFF_ONLY_TEXT };
  if (caller === 'office' && route.who === 'admin') return { status: 403, text: ADMIN_ONLY_TEXT };
  return { status: route.success };
}

describe('the office API, route by route and caller by caller', () => {
  it('has a row for every office route the app registers', () => {
    const registered = app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/office'))
      .map((route) => `${route.method} ${route.path}`);
    expect([...new Set(registered)].sort()).toEqual(ROUTES.map((route) => route.route).sort());
  });

  const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => [route.route, caller, route] as const));
  it.each(cases)('%s as %s', async (_name, caller, route) => {
    const { call, unchanged } = await route.prepare();
    const res = await call(tokenOf(caller));
    const want = expected(route, caller);
    expect(res.status).toBe(want.status);
    if (want.text !== undefined) {
      expect(await errorText(res)).toBe(want.text);
      await unchanged();
    }
    if (caller === 'signed out') expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
  });
});

describe('roles on the account', () => {
  it('sign-in and GET /api/users/authenticate carry the role of office and admin accounts, and none for customers', async () => {
    for (const [who, role] of [
      [customer, undefined],
      [office, 'office'],
      [admin, 'admin'],
    ] as const) {
      const me = (await (await authenticate(app, who.token)).json()) as { user: Record<string, unknown> };
      expect(me.user.role).toBe(role);
      expect('role' in me.user).toBe(role !== undefined);
      const signedIn = await login(app, who.email, PASSWORD);
      expect(signedIn.status).toBe(200);
      expect(((await signedIn.json()) as { user: Record<string, unknown> }).user.role).toBe(role);
    }
  });

  it('a revoked office member is refused at the next request, with the same session', async () => {
    const member: Account = await account(app, db, 'office');
    expect((await app.request('/api/office/orders', { headers: bearer(member.token) })).status).toBe(200);
    const revoked = await app.request(`/api/office/staff/${member.id}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(revoked.status).toBe(200);
    const after = await app.request('/api/office/orders', { headers: bearer(member.token) });
    expect(after.status).toBe(403);
    expect(await errorText(after)).toBe(STAFF_ONLY_TEXT);
  });
});
