/** The orders as the office sees them: a list by view, or one order with its whole audit trail. */
import { OFFICE_VIEWS, type OfficeOrder, type OfficeView } from '#domain/officeContract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { type OrderDetailRow, findOrder, listAudit, listOrders } from '../orders/repository';
import { toOfficeOrder } from '../orders/wire';

export const ORDER_NOT_FOUND_TEXT = 'No order with that id.';
export const VIEW_TEXT = `Please choose a list: ${OFFICE_VIEWS.join(', ')}.`;

function isView(value: string): value is OfficeView {
  return (OFFICE_VIEWS as readonly string[]).includes(value);
}

/** The orders of a view (the queue when none is named), each with its audit trail; 400 for an unknown view. */
export async function listOfficeOrders(db: Kysely<Database>, view: string): Promise<OfficeOrder[]> {
  if (!isView(view)) throw new HttpError(400, VIEW_TEXT);
  const orders = await listOrders(db, view);
  const audit = await listAudit(
    db,
    orders.map((order) => order.id),
  );
  return orders.map((order) => toOfficeOrder(order, audit));
}

/** The order of that id, or 404. */
export async function orderOf(db: Kysely<Database>, id: string): Promise<OrderDetailRow> {
  const order = await findOrder(db, id);
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND_TEXT);
  return order;
}

/** The order as it stands now, with its whole audit trail; 404 when there is none. */
export async function officeOrder(db: Kysely<Database>, id: string): Promise<OfficeOrder> {
  const order = await orderOf(db, id);
  return toOfficeOrder(order, await listAudit(db, [order.id]));
}
