/**
 * /api/office: the office's side of the orders (docs/product.md#orders). Every route needs a signed-in
 * office or admin account (401 signed out, 403 a customer); the staff routes need an admin (403 for office).
 * Every change of an order is checked with the order machine (409 with the reason when it says no) and kept
 * in the order's audit trail with who made it. "My hours" (/availability) is the booking's
 * (server/booking/availability-routes.ts), behind the same guards.
 */
import { type Context, Hono } from 'hono';
import { availabilityRoutes } from '../booking/availability-routes';
import { requireAdmin, requireAuth, requireStaff } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { readJson } from '../http/validate';
import { deliverOrder, scheduleCall } from '../orders/actions';
import { invoiceDocumentResponse } from '../invoices/document/download';
import type { Services } from '../services';
import { listStaff } from '../users/roles';
import { requireStaffSecondFactor } from '../ways-in/staff-rule';
import { listOfficeOrders, officeOrder, orderOf } from './order-view';
import { receiveReport } from './report-upload';
import { readSchedule } from './schedule';
import { grantOffice, revokeOffice } from './staff';

export function officeRoutes(services: Services) {
  const { db, clock, sessions } = services;
  const routes = new Hono<AppEnv>();
  // The staff policy (docs/product.md#second-factor): no office route without a second factor, when it is on.
  const secondFactor = requireStaffSecondFactor(services);
  const staff = [requireAuth(sessions), requireStaff(), secondFactor] as const;
  const admin = [requireAuth(sessions), requireAdmin(), secondFactor] as const;
  /** The order as it stands after a change, with its whole audit trail. */
  const answer = async (c: Context<AppEnv>, id: string) => c.json({ order: await officeOrder(db, id) }, 200);

  routes.get('/orders', ...staff, async (c) =>
    c.json({ orders: await listOfficeOrders(db, c.req.query('view') ?? 'queue') }, 200),
  );
  routes.get('/orders/:id', ...staff, async (c) => answer(c, c.req.param('id')));
  // The order's invoice document, as its customer has it (docs/invoices.md).
  routes.get('/orders/:id/invoice.pdf', ...staff, async (c) =>
    invoiceDocumentResponse(c, services, c.req.param('id'), null),
  );
  routes.post('/orders/:id/schedule', ...staff, async (c) => {
    const order = await orderOf(db, c.req.param('id'));
    await scheduleCall(services, order, { actor: c.get('auth').user, ...(await readSchedule(c, clock)) });
    return answer(c, order.id);
  });
  routes.post('/orders/:id/report', ...staff, async (c) => {
    const order = await orderOf(db, c.req.param('id'));
    await receiveReport(c, services, order, c.get('auth').user);
    return answer(c, order.id);
  });
  routes.post('/orders/:id/deliver', ...staff, async (c) => {
    const order = await orderOf(db, c.req.param('id'));
    await deliverOrder(services, order, c.get('auth').user);
    return answer(c, order.id);
  });

  const staffList = async (c: Context<AppEnv>) => c.json({ staff: await listStaff(db) }, 200);
  routes.get('/staff', ...admin, staffList);
  routes.post('/staff', ...admin, async (c) => {
    await grantOffice(services, await readJson(c), c.get('auth').user);
    return staffList(c);
  });
  routes.delete('/staff/:id', ...admin, async (c) => {
    await revokeOffice(services, c.req.param('id'), c.get('auth').user);
    return staffList(c);
  });

  routes.use('/availability', ...staff);
  routes.route('/availability', availabilityRoutes(services));

  return routes;
}
