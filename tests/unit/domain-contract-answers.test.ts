/**
 * The server's answers as the browser checks them (domain/contract.ts, domain/billingContract.ts): which fields
 * each answer must carry, which may be null or missing, and the nested shapes. A struct that forgot a field
 * would let the browser hand a machine an answer it cannot read.
 */
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  AuthenticateResponse,
  ClientConfig,
  ErrorBody,
  GoogleClientConfig,
  Invoice,
  InvoiceCreateRequest,
  InvoicesResponse,
  MessageResponse,
  NotificationsResponse,
  NotificationWire,
  PaymentLinkResponse,
  ProfileUpdateResponse,
  SeenResponse,
  SessionResponse,
  SignOutOthersResponse,
  User,
  UserResponse,
} from '#domain/contract';
import { BillingDetails } from '#domain/billingContract';
import { requiredKeys } from './contract-structs';

const user = {
  id: 'u1',
  name: 'Jo',
  email: 'jo@example.com',
  avatarURL: '/avatars/u1.png',
  lastLogin: '2026-11-29T10:00:00.000Z',
  emailVerified: true,
  deletionScheduledFor: null,
  hasPassword: true,
  role: 'office',
  secondFactorRequired: true,
};
const text = { en: 'Done.' };

describe('a user on the wire (docs/product.md: id, name, email, avatarURL, lastLogin, emailVerified ...)', () => {
  it('carries its six fields; the rest is optional', () => {
    expect(requiredKeys(User, user)).toEqual(['id', 'name', 'email', 'avatarURL', 'lastLogin', 'emailVerified']);
  });

  it('has no picture or last login as null, and a role only of the known ones', () => {
    expect(is({ ...user, avatarURL: null, lastLogin: null, deletionScheduledFor: '2026-12-13' }, User)).toBe(true);
    expect(is({ ...user, role: 'root' }, User)).toBe(false);
    expect(is({ ...user, emailVerified: 'yes' }, User)).toBe(false);
    expect(is({ ...user, hasPassword: 1 }, User)).toBe(false);
    expect(is({ ...user, secondFactorRequired: 'no' }, User)).toBe(false);
  });

  it('is the answer of a session, of the profile and of who is signed in', () => {
    expect(requiredKeys(SessionResponse, { user, token: 't' })).toEqual(['user', 'token']);
    expect(requiredKeys(AuthenticateResponse, { user })).toEqual(['user']);
    expect(requiredKeys(UserResponse, { user })).toEqual(['user']);
    expect(is({ user: { ...user, id: 1 } }, UserResponse)).toBe(false);
    expect(is({ user: { ...user, name: null } }, AuthenticateResponse)).toBe(false);
  });

  it('a profile update may say an e-mail change waits for its code', () => {
    const emailChange = { pending: 'new@example.com', message: text };
    expect(requiredKeys(ProfileUpdateResponse, { user, token: 't', emailChange })).toEqual(['user', 'token']);
    expect(is({ user, token: 't', emailChange: { pending: 'new@example.com' } }, ProfileUpdateResponse)).toBe(false);
    expect(is({ user, token: 't', emailChange: { message: text } }, ProfileUpdateResponse)).toBe(false);
    expect(is({ user, token: 't', emailChange: { ...emailChange, message: {} } }, ProfileUpdateResponse)).toBe(false);
  });
});

describe('texts: an object with its English words', () => {
  it.each([
    ['an error', ErrorBody],
    ['a message', MessageResponse],
    ['sign out everywhere', SignOutOthersResponse],
  ])('%s needs message.en', (_, struct) => {
    expect(requiredKeys(struct, { message: text })).toEqual(['message']);
    expect(is({ message: {} }, struct)).toBe(false);
    expect(is({ message: { en: 1 } }, struct)).toBe(false);
  });
});

const invoice = {
  _id: 'i1',
  amount: 150,
  paid: true,
  paidAt: '2026-11-29T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  service: { title: 'Website audit', type: 'Video Meeting', url: '' },
  testPayment: false,
  order: {
    status: 'paid',
    scheduledAt: null,
    join: null,
    lateReason: null,
    deliveredAt: null,
    reportURL: null,
    calendarURL: null,
    changeUntil: null,
    chosenByCustomer: false,
    callWith: null,
  },
  document: { number: 'INV-2026-0001', url: '/api/invoices/i1/document' },
};

describe('invoices', () => {
  it('an invoice carries all but its order', () => {
    expect(requiredKeys(Invoice, invoice)).toEqual([
      '_id',
      'amount',
      'paid',
      'paidAt',
      'createdAt',
      'service',
      'testPayment',
      'document',
    ]);
  });

  it.each([['title'], ['type'], ['url']])("needs its service's %s", (key) => {
    const { [key as 'title']: _, ...service } = invoice.service;
    expect(is({ ...invoice, service }, Invoice)).toBe(false);
  });

  it.each([['number'], ['url']])("needs its document's %s once paid; unpaid, the document is null", (key) => {
    const { [key as 'number']: _, ...document } = invoice.document;
    expect(is({ ...invoice, document }, Invoice)).toBe(false);
    expect(is({ ...invoice, paid: false, paidAt: null, document: null }, Invoice)).toBe(true);
  });

  it('the list needs its invoices, each a whole invoice', () => {
    expect(requiredKeys(InvoicesResponse, { invoices: [invoice] })).toEqual(['invoices']);
    expect(is({ invoices: [{ ...invoice, service: {} }] }, InvoicesResponse)).toBe(false);
  });

  it('a new invoice: amount, a title of 1 to 200 characters, a delivery type and an address up to 500', () => {
    const create = { amount: 150, title: 'Website audit', type: 'Phone Call', url: '' };
    expect(requiredKeys(InvoiceCreateRequest, create)).toEqual(['amount', 'title', 'type', 'url']);
    expect(is({ ...create, title: 'x'.repeat(200), url: 'u'.repeat(500) }, InvoiceCreateRequest)).toBe(true);
    expect(is({ ...create, title: '' }, InvoiceCreateRequest)).toBe(false);
    expect(is({ ...create, title: 'x'.repeat(201) }, InvoiceCreateRequest)).toBe(false);
    expect(is({ ...create, url: 'u'.repeat(501) }, InvoiceCreateRequest)).toBe(false);
    expect(is({ ...create, type: 'Letter' }, InvoiceCreateRequest)).toBe(false);
  });

  it('paying answers the payment link', () => {
    expect(requiredKeys(PaymentLinkResponse, { paymentLink: 'https://pay.example/x' })).toEqual(['paymentLink']);
  });
});

describe('notifications', () => {
  const notification = { id: 'n1', text, createdAt: '2026-11-29T10:00:00.000Z', seen: false };
  it('each carries its id, text, time and whether it was seen', () => {
    expect(requiredKeys(NotificationWire, notification)).toEqual(['id', 'text', 'createdAt', 'seen']);
    expect(is({ ...notification, text: {} }, NotificationWire)).toBe(false);
  });

  it('the list needs its notifications, each a whole one', () => {
    expect(requiredKeys(NotificationsResponse, { notifications: [notification] })).toEqual(['notifications']);
    expect(is({ notifications: [{ ...notification, seen: 'no' }] }, NotificationsResponse)).toBe(false);
  });

  it('marking them seen answers a whole number', () => {
    expect(requiredKeys(SeenResponse, { seen: 3 })).toEqual(['seen']);
    expect(is({ seen: 1.5 }, SeenResponse)).toBe(false);
  });
});

describe("the browser's settings", () => {
  const google = { authorizationUrl: 'https://accounts.example/authorize', clientId: 'c1' };
  it('the geolocation address is needed (null when off); Google sign-in is optional', () => {
    expect(requiredKeys(ClientConfig, { geolocationUrl: null, google })).toEqual(['geolocationUrl']);
    expect(is({ geolocationUrl: null, google: null }, ClientConfig)).toBe(true);
    expect(is({ geolocationUrl: null, google: { clientId: 'c1' } }, ClientConfig)).toBe(false);
  });

  it("Google's needs where its popup goes and the client id", () => {
    expect(requiredKeys(GoogleClientConfig, google)).toEqual(['authorizationUrl', 'clientId']);
  });
});

describe('billing details as the server keeps them (docs/product.md#billing-details)', () => {
  it('name, address and VAT number, each text or null', () => {
    const details = { billingName: 'Jo Ltd', address: '1 High Street\nLondon', vatNumber: null };
    expect(requiredKeys(BillingDetails, details)).toEqual(['billingName', 'address', 'vatNumber']);
    expect(is({ ...details, vatNumber: 7 }, BillingDetails)).toBe(false);
  });
});
