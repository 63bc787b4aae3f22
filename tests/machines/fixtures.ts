import type { OfficeOrder, StaffMember } from '#domain/officeContract';
import type { Session, User } from '#domain/types';

export const ada: User = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarURL: null,
  lastLogin: '2026-11-21T08:00:00.000Z',
  emailVerified: false,
};

export const adaSession: Session = { user: ada, token: 'token-1' };
export const renamedSession: Session = { user: { ...ada, name: 'Ada King' }, token: 'token-2' };
export const movedSession: Session = { user: { ...ada, email: 'ada@example.org' }, token: 'token-3' };

/** The office's orders: a video meeting and a PDF report, paid an hour before the page opens. */
const PAID_AT = '2026-11-23T09:00:00.000Z';
export const OFFICE_NOW = Date.parse('2026-11-23T10:00:00.000Z');
/** The company's clock (GMT in November, so the times below read the same in UTC). */
export const OFFICE_ZONE = 'Europe/London';

const officeStaffMember = { name: 'Olive Office', email: 'olive@example.com' };

export const callPaid: OfficeOrder = {
  id: 'call-1',
  status: 'paid',
  customer: { name: ada.name, email: ada.email },
  service: { title: 'Website Development Consultation', type: 'Video Meeting', url: 'shop.example.com' },
  amount: 49,
  createdAt: '2026-11-23T08:55:00.000Z',
  paidAt: PAID_AT,
  deadline: '2026-11-24T09:00:00.000Z',
  scheduledAt: null,
  join: null,
  callWith: null,
  chosenByCustomer: false,
  customerTimeZone: null,
  lateReason: null,
  deliveredAt: null,
  reportName: null,
  document: { number: 'TEST-NG-2026-000001', url: '/api/office/orders/call-1/invoice.pdf' },
  audit: [{ at: PAID_AT, from: 'awaitingPayment', to: 'paid', by: null, note: null }],
};

export const callScheduled: OfficeOrder = {
  ...callPaid,
  status: 'scheduled',
  scheduledAt: '2026-11-23T15:00:00.000Z',
  join: 'https://meet.example/abc',
  audit: [
    ...callPaid.audit,
    { at: '2026-11-23T10:05:00.000Z', from: 'paid', to: 'scheduled', by: officeStaffMember, note: null },
  ],
};

export const callDelivered: OfficeOrder = {
  ...callScheduled,
  status: 'delivered',
  deliveredAt: '2026-11-23T16:00:00.000Z',
  audit: [
    ...callScheduled.audit,
    { at: '2026-11-23T16:00:00.000Z', from: 'scheduled', to: 'delivered', by: officeStaffMember, note: null },
  ],
};

export const reportPaid: OfficeOrder = {
  ...callPaid,
  id: 'report-1',
  customer: { name: 'Grace Hopper', email: 'grace@example.com' },
  service: { title: 'Cyber Security Audit', type: 'PDF Sent to Email', url: '' },
  amount: 79,
};

export const reportSent: OfficeOrder = {
  ...reportPaid,
  status: 'reportSent',
  reportName: 'audit.pdf',
  audit: [
    ...reportPaid.audit,
    { at: '2026-11-23T11:00:00.000Z', from: 'paid', to: 'reportSent', by: officeStaffMember, note: 'audit.pdf' },
  ],
};

export const staffAdmin: StaffMember = { id: 'user-9', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' };
export const staffOffice: StaffMember = {
  id: 'user-8',
  name: 'Olive Office',
  email: 'olive@example.com',
  role: 'office',
};

/** The call set after the promise, with the reason the customer is told. */
export const callScheduledLate: OfficeOrder = {
  ...callScheduled,
  scheduledAt: '2026-11-25T15:00:00.000Z',
  lateReason: 'The customer asked for Wednesday',
};

export const reportDelivered: OfficeOrder = {
  ...reportSent,
  status: 'delivered',
  deliveredAt: '2026-11-23T12:00:00.000Z',
  audit: [
    ...reportSent.audit,
    { at: '2026-11-23T12:00:00.000Z', from: 'reportSent', to: 'delivered', by: officeStaffMember, note: null },
  ],
};

/** A paid phone call nobody touches: the queue is never empty once loaded. */
export const canaryPaid: OfficeOrder = {
  ...callPaid,
  id: 'canary-1',
  customer: { name: 'Alan Turing', email: 'alan@example.com' },
  service: { title: 'IT Strategy Session', type: 'Phone Call', url: '' },
  paidAt: '2026-11-23T09:30:00.000Z',
  deadline: '2026-11-24T09:30:00.000Z',
};
