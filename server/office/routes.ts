/**
 * /api/office: the office's side of the orders (docs/product.md#orders). Every route needs a signed-in
 * office or admin account (401 signed out, 403 a customer); the staff routes need an admin (403 for office).
 * Every change of an order is checked with the order machine (409 with the reason when it says no) and kept
 * in the order's audit trail with who made it.
 */
import { type Context, Hono } from 'hono';
import { Email } from '#domain/contract';
import { JOIN_MAX, REASON_MAX, REPORT_MAX_BYTES } from '#domain/orders';
import { GrantRequest, OFFICE_VIEWS, type OfficeView, ScheduleRequest } from '#domain/officeContract';
import { requireAdmin, requireAuth, requireStaff } from '../ways-in/require-auth';
import { isWellFormedId } from '../db/ids';
import type { AppEnv } from '../http/app-env';
import { clientAborted } from '../http/client-aborted';
import { readFormWithin } from '../http/body-read';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import { assertAllowed, deliverOrder, scheduleCall, sendReport } from '../orders/actions';
import { REPORT_BODY_LIMIT_BYTES, REPORT_TOO_LARGE_TEXT } from '../orders/body-limit';
import { reportFileName, sha256Hex } from '../orders/pdf';
import { type OrderDetailRow, findOrder, listAudit, listOrders } from '../orders/repository';
import { toOfficeOrder } from '../orders/wire';
import { invoiceDocumentResponse } from '../invoices/document/download';
import type { Services } from '../services';
import { grantRole, listStaff, revokeRole } from '../users/roles';
import { requireStaffSecondFactor } from '../ways-in/staff-rule';

export const ORDER_NOT_FOUND_TEXT = 'No order with that id.';
export const VIEW_TEXT = `Please choose a list: ${OFFICE_VIEWS.join(', ')}.`;
export const AT_TEXT = "Please give the call's date and time (ISO 8601 with its time zone).";
export const JOIN_TEXT = `Please say how the customer joins the call: a link or a phone number (up to ${JOIN_MAX} characters).`;
export const REASON_TEXT = `The reason may be up to ${REASON_MAX} characters long.`;
export const IN_THE_PAST_TEXT = "The call's time must be in the future.";
/** Far enough for any real booking, near enough that no typo books a call in another century. */
export const SCHEDULE_HORIZON_DAYS = 366;
export const TOO_FAR_TEXT = `The call must be within ${SCHEDULE_HORIZON_DAYS} days from now.`;
export const REPORT_FORM_TEXT = 'Please send the report as multipart/form-data, with the PDF in the field "report".';
export const REPORT_MISSING_TEXT = 'Please attach the report: a PDF file in the field "report".';
export const CUSTOMER_GONE_TEXT =
  "This customer's account was deleted: there is no one to send the report to, so nothing is stored.";
export { NOT_A_PDF_TEXT } from '../orders/pdf-check';
export const STAFF_EMAIL_TEXT = 'Please enter the e-mail address of an existing account.';
export const GRANT_ROLE_TEXT = 'Only the office role is granted here (an operator makes admins with npm run roles).';
export const NO_ACCOUNT_TEXT = 'No account uses that e-mail address.';
export const ALREADY_ADMIN_TEXT = 'That account is an admin, which includes the office already.';
export const NO_STAFF_MEMBER_TEXT = 'No office member with that id.';
export const ADMIN_NOT_REVOKED_TEXT =
  'An admin cannot be revoked here. An operator can change it on the server with npm run roles.';

const DAY_MS = 24 * 60 * 60 * 1000;

function isView(value: string): value is OfficeView {
  return (OFFICE_VIEWS as readonly string[]).includes(value);
}

export function officeRoutes(services: Services) {
  const { db, clock, log, sessions } = services;
  const routes = new Hono<AppEnv>();
  // The staff policy (docs/product.md#second-factor): no office route without a second factor, when it is on.
  const secondFactor = requireStaffSecondFactor(services);
  const staff = [requireAuth(sessions), requireStaff(), secondFactor] as const;
  const admin = [requireAuth(sessions), requireAdmin(), secondFactor] as const;

  /** The order named in the path, or 404. */
  async function orderOf(c: Context<AppEnv>): Promise<OrderDetailRow> {
    const order = await findOrder(db, c.req.param('id') ?? '');
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND_TEXT);
    return order;
  }

  /** The order as it stands now, with its whole audit trail. */
  async function answer(c: Context<AppEnv>, id: string) {
    const order = await findOrder(db, id);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND_TEXT);
    return c.json({ order: toOfficeOrder(order, await listAudit(db, [order.id])) }, 200);
  }

  routes.get('/orders', ...staff, async (c) => {
    const view = c.req.query('view') ?? 'queue';
    if (!isView(view)) throw new HttpError(400, VIEW_TEXT);
    const orders = await listOrders(db, view);
    const audit = await listAudit(
      db,
      orders.map((order) => order.id),
    );
    return c.json({ orders: orders.map((order) => toOfficeOrder(order, audit)) }, 200);
  });

  routes.get('/orders/:id', ...staff, async (c) => answer(c, (await orderOf(c)).id));

  // The order's invoice document, as its customer has it (docs/invoices.md).
  routes.get('/orders/:id/invoice.pdf', ...staff, async (c) =>
    invoiceDocumentResponse(c, services, c.req.param('id'), null),
  );

  routes.post('/orders/:id/schedule', ...staff, async (c) => {
    const order = await orderOf(c);
    const body = validate(ScheduleRequest, await readJson(c), { at: AT_TEXT, join: JOIN_TEXT, reason: REASON_TEXT });
    const join = body.join.trim();
    if (join === '') throw new HttpError(400, JOIN_TEXT);
    const reason = body.reason?.trim() || null;
    const at = new Date(body.at);
    const now = clock.now().getTime();
    if (at.getTime() <= now) throw new HttpError(400, IN_THE_PAST_TEXT);
    if (at.getTime() > now + SCHEDULE_HORIZON_DAYS * DAY_MS) throw new HttpError(400, TOO_FAR_TEXT);
    await scheduleCall(services, order, { actor: c.get('auth').user, at, join, reason });
    return answer(c, order.id);
  });

  routes.post('/orders/:id/report', ...staff, async (c) => {
    const order = await orderOf(c);
    // Refused before the upload is read: a call order, or one not paid, gets its 409 without sending 10 MB.
    assertAllowed(order, { type: 'order.sendReport' });
    // A purged customer's order keeps its invoice, not the work: a report for it would be kept for no one.
    if (order.user_id === null) throw new HttpError(409, CUSTOMER_GONE_TEXT);
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'multipart/form-data') throw new HttpError(415, REPORT_FORM_TEXT);
    let form: Record<string, unknown>;
    try {
      // The size was judged by the route's body limit; a few fields at most: the file and its name.
      form = await readFormWithin(c, { maxBytes: REPORT_BODY_LIMIT_BYTES, maxFields: 4 });
    } catch (error) {
      // A client that hung up is logged as such by the error handler; a form with too many fields says so; any
      // other unreadable form is the sender's.
      if (clientAborted(c) || (error instanceof HttpError && error.status === 413)) throw error;
      throw new HttpError(400, REPORT_FORM_TEXT);
    }
    const file = form.report;
    if (!(file instanceof File)) throw new HttpError(400, REPORT_MISSING_TEXT);
    if (file.size > REPORT_MAX_BYTES) throw new HttpError(413, REPORT_TOO_LARGE_TEXT);
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Judged by the bytes, parsed (docs/decisions/0021-reports-parsed-not-sniffed.md): the name and declared
    // type are whatever the sender says. In a worker thread: a check may take seconds of CPU.
    const verdict = await services.threads.checkReport(bytes);
    if (!verdict.ok) throw new HttpError(verdict.status, verdict.text);
    await sendReport(services, order, {
      actor: c.get('auth').user,
      fileName: reportFileName(file.name, order.id),
      bytes,
      sha256: sha256Hex(bytes),
    });
    return answer(c, order.id);
  });

  routes.post('/orders/:id/deliver', ...staff, async (c) => {
    const order = await orderOf(c);
    await deliverOrder(services, order, c.get('auth').user);
    return answer(c, order.id);
  });

  const staffList = async (c: Context<AppEnv>) => c.json({ staff: await listStaff(db) }, 200);

  routes.get('/staff', ...admin, staffList);

  routes.post('/staff', ...admin, async (c) => {
    const body = validate(GrantRequest, await readJson(c), { email: STAFF_EMAIL_TEXT, role: GRANT_ROLE_TEXT });
    if (!Email.is(body.email)) throw new HttpError(400, STAFF_EMAIL_TEXT);
    const actor = c.get('auth').user;
    const result = await grantRole(db, { email: body.email }, body.role, clock.now());
    if (result.outcome === 'unknown') throw new HttpError(404, NO_ACCOUNT_TEXT);
    if (result.outcome === 'unchanged' && result.user.role === 'admin') throw new HttpError(409, ALREADY_ADMIN_TEXT);
    if (result.outcome === 'changed') {
      log.security('role.granted', {
        userId: result.user.id,
        role: result.user.role,
        previous: result.previous,
        by: actor.id,
        via: 'office',
      });
    }
    return staffList(c);
  });

  routes.delete('/staff/:id', ...admin, async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) throw new HttpError(404, NO_STAFF_MEMBER_TEXT);
    const actor = c.get('auth').user;
    const result = await revokeRole(db, { id }, 'office', clock.now());
    if (result.outcome === 'is_admin') throw new HttpError(409, ADMIN_NOT_REVOKED_TEXT);
    if (result.outcome !== 'changed') throw new HttpError(404, NO_STAFF_MEMBER_TEXT);
    log.security('role.revoked', {
      userId: result.user.id,
      role: 'office',
      previous: result.previous,
      by: actor.id,
      via: 'office',
    });
    return staffList(c);
  });

  return routes;
}
