/**
 * The office calls (/api/office/*, office and admin accounts only): the order queues, one order, the changes
 * an order may go through, the staff list an admin keeps, and office members' working hours. Answers are
 * checked with the domain's structs.
 */
import {
  type OfficeOrder,
  OfficeOrderResponse,
  OfficeOrdersResponse,
  type OfficeView,
  type ScheduleRequest,
  type StaffMember,
  StaffResponse,
} from '#domain/officeContract';
import { type AvailabilityRequest, AvailabilityResponse } from '#domain/bookingContract';
import { del, get, post, put } from './http';

const orderPath = (id: string) => `/office/orders/${encodeURIComponent(id)}`;

export async function officeOrders(view: OfficeView): Promise<OfficeOrder[]> {
  const { orders } = await get(`/office/orders?view=${view}`, OfficeOrdersResponse, { auth: true });
  return orders;
}

export async function officeOrder(id: string): Promise<OfficeOrder> {
  const { order } = await get(orderPath(id), OfficeOrderResponse, { auth: true });
  return order;
}

export async function scheduleCall(id: string, request: ScheduleRequest): Promise<OfficeOrder> {
  const { order } = await post(`${orderPath(id)}/schedule`, OfficeOrderResponse, request, { auth: true });
  return order;
}

/** The PDF goes as multipart field `report`; the server e-mails it to the customer. */
export async function uploadReport(id: string, report: Blob): Promise<OfficeOrder> {
  const form = new FormData();
  form.append('report', report);
  const { order } = await post(`${orderPath(id)}/report`, OfficeOrderResponse, form, { auth: true });
  return order;
}

export async function deliverOrder(id: string): Promise<OfficeOrder> {
  const { order } = await post(`${orderPath(id)}/deliver`, OfficeOrderResponse, undefined, { auth: true });
  return order;
}

export async function staffList(): Promise<StaffMember[]> {
  const { staff } = await get('/office/staff', StaffResponse, { auth: true });
  return staff;
}

/** Answers the staff list as it stands after the grant. */
export async function grantOffice(email: string): Promise<StaffMember[]> {
  const { staff } = await post('/office/staff', StaffResponse, { email, role: 'office' }, { auth: true });
  return staff;
}

/** Answers the staff list as it stands after the revocation. */
export async function revokeOffice(id: string): Promise<StaffMember[]> {
  const { staff } = await del(`/office/staff/${encodeURIComponent(id)}`, StaffResponse, undefined, { auth: true });
  return staff;
}

/** Whose hours: the signed-in member's own without a member, anyone's for an admin. */
const availabilityPath = (member?: string) =>
  member === undefined ? '/office/availability' : `/office/availability?member=${encodeURIComponent(member)}`;

export function loadAvailability(member?: string): Promise<AvailabilityResponse> {
  return get(availabilityPath(member), AvailabilityResponse, { auth: true });
}

/** Replaces the member's hours and days off whole; answers them as stored. */
export function saveAvailability(body: AvailabilityRequest, member?: string): Promise<AvailabilityResponse> {
  return put(availabilityPath(member), AvailabilityResponse, body, { auth: true });
}
