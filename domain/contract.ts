/**
 * The wire format of the API, shared by the browser client and the server.
 * The client validates every response body with these structs before a machine sees it;
 * the server validates every request body with them before it uses it.
 * `type()` (not `object()`) so that unknown fields are ignored rather than refused.
 */
import {
  array,
  boolean,
  define,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
  union,
} from 'superstruct';
import { OrderWire, ROLES } from './orders';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** x@y.z with no spaces: the same rule the contact form states, applied everywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trimmedNonEmpty = (max: number) =>
  refine(size(string(), 1, max * 4), 'trimmedNonEmpty', (value) => {
    const length = value.trim().length;
    return (length >= 1 && length <= max) || `must be 1 to ${max} characters`;
  });

export const Email = define<string>(
  'Email',
  (value) => typeof value === 'string' && value.trim().length <= EMAIL_MAX && EMAIL_PATTERN.test(value.trim()),
);
const Password = size(string(), PASSWORD_MIN, PASSWORD_MAX);
const Name = trimmedNonEmpty(NAME_MAX);

// ---- entities ----

export const User = type({
  id: string(),
  name: string(),
  email: string(),
  avatarURL: nullable(string()),
  lastLogin: nullable(string()),
  emailVerified: boolean(),
  /** When a requested account deletion will be carried out, or null. */
  deletionScheduledFor: optional(nullable(string())),
  /**
   * Whether the account has a password. An e-mail change is proven with the current password, or, for an
   * account that signs in only with Google, with a code sent to the current address.
   */
  hasPassword: optional(boolean()),
  /** Present on office and admin accounts only (domain/orders.ts). */
  role: optional(enums(ROLES)),
  /**
   * Present (true) on an office or admin account that the staff policy keeps out of the office until it sets
   * up a second factor (docs/product.md#second-factor): the office page sends it to the profile instead.
   */
  secondFactorRequired: optional(boolean()),
});
export type User = Infer<typeof User>;

export const ErrorBody = type({ message: type({ en: string() }) });
export type ErrorBody = Infer<typeof ErrorBody>;

// ---- requests ----

export const RegisterEmailRequest = type({ name: Name, email: Email, password: Password });
export type RegisterEmailRequest = Infer<typeof RegisterEmailRequest>;

/** Login accepts any password length: refusing a short one would tell an attacker the rule, not the answer. */
export const LoginEmailRequest = type({ email: Email, password: size(string(), 1, PASSWORD_MAX) });
export type LoginEmailRequest = Infer<typeof LoginEmailRequest>;

/** Six digits: a code sent by e-mail, or the authenticator app's. Browser, machines and server test codes with it. */
export const SIX_DIGIT_CODE = /^\d{6}$/;

/** Codes sent by e-mail: six digits. */
export const Code = pattern(string(), SIX_DIGIT_CODE);

/**
 * The profile form. Changing the e-mail address needs proof that the caller owns the account: the current
 * password, or (an account without one) the code `GET /api/users/verify/email-change` sent to the current
 * address. A name or picture change needs neither. A new address is not set by the update: a code goes to it
 * (the answer's `emailChange`), and `POST /api/users/verify/email-change` sets it once the code comes back.
 */
export const ProfileUpdateRequest = type({
  name: Name,
  email: Email,
  currentPassword: optional(size(string(), 1, PASSWORD_MAX)),
  code: optional(Code),
});
export type ProfileUpdateRequest = Infer<typeof ProfileUpdateRequest>;

export const PasswordChangeRequest = type({
  oldPassword: size(string(), 1, PASSWORD_MAX),
  newPassword: Password,
  confirmPassword: size(string(), 1, PASSWORD_MAX),
});
export type PasswordChangeRequest = Infer<typeof PasswordChangeRequest>;

// ---- responses ----

export const SessionResponse = type({ user: User, token: string() });
export type SessionResponse = Infer<typeof SessionResponse>;

/**
 * The profile update's answer. With `emailChange`, the user still has the old address: a code went to
 * `pending`, the new one, and the change waits for it (`message` says so).
 */
export const ProfileUpdateResponse = type({
  user: User,
  token: string(),
  emailChange: optional(type({ pending: string(), message: type({ en: string() }) })),
});
export type ProfileUpdateResponse = Infer<typeof ProfileUpdateResponse>;

export const AuthenticateResponse = type({ user: User });
export type AuthenticateResponse = Infer<typeof AuthenticateResponse>;

export const MessageResponse = type({ message: type({ en: string() }) });
export type MessageResponse = Infer<typeof MessageResponse>;

// ---- the second step of a sign-in ----

/** The opaque ticket that binds an e-mailed code to the request that asked for it (256 bits, base64url). */
const Ticket = pattern(string(), /^[A-Za-z0-9_-]{43}$/);

/**
 * What a sign-in still needs after its first step. 'email-code': a code e-mailed to the account (an account
 * whose failed sign-ins reached the day's ceiling; docs/decisions/0022-tickets-for-codes.md). 'totp': a code
 * from the account's authenticator app, or one of its recovery codes (docs/decisions/0028-totp-secrets-encrypted.md).
 * After an 'email-code' step an account with an authenticator app is asked for the 'totp' step too.
 */
const SECOND_STEP_KINDS = ['email-code', 'totp'] as const;
export const SecondStep = type({ kind: enums(SECOND_STEP_KINDS), ticket: Ticket });
export type SecondStep = Infer<typeof SecondStep>;

/** A sign-in's answer: a session, or the step it still needs. */
export const SignInResponse = union([SessionResponse, type({ secondStep: SecondStep })]);
export type SignInResponse = Infer<typeof SignInResponse>;

/** A recovery code: two groups of four letters or digits, in any case, the hyphen optional. */
const RecoveryCode = pattern(string(), /^\s*[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}\s*$/);
/** What a second step takes: six digits (e-mailed, or from the authenticator app), or a recovery code. */
export const SecondStepCode = union([Code, RecoveryCode]);

export const SecondStepRequest = type({ ticket: Ticket, code: SecondStepCode });
export type SecondStepRequest = Infer<typeof SecondStepRequest>;

// ---- orders and invoices ----

/** The order draft's delivery types (docs/product.md#order-wizard), as stored on invoices. */
export const SERVICE_TYPES = ['PDF Sent to Email', 'Video Meeting', 'Phone Call'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const APP_URL_MAX = 500;

export const InvoiceCreateRequest = type({
  amount: number(),
  title: size(string(), 1, 200),
  type: enums(SERVICE_TYPES),
  url: size(string(), 0, APP_URL_MAX),
});
export type InvoiceCreateRequest = Infer<typeof InvoiceCreateRequest>;

/**
 * POST /api/invoices/create, and POST /api/invoices/pay/{id}: a fresh payment link for an unpaid invoice (its
 * earlier link stops working).
 */
export const PaymentLinkResponse = type({ paymentLink: string() });
export type PaymentLinkResponse = Infer<typeof PaymentLinkResponse>;

/**
 * How a checkout ended, as the provider's return to /invoices says it (`?payment=paid` or
 * `?payment=cancelled`): the invoices page shows its confirmation from it.
 */
export const PAYMENT_RETURN_PARAM = 'payment';
export const PAYMENT_RETURNS = ['paid', 'cancelled'] as const;
export type PaymentReturn = (typeof PAYMENT_RETURNS)[number];
export function paymentReturnPath(result: PaymentReturn): string {
  return `/invoices?${PAYMENT_RETURN_PARAM}=${result}`;
}

export const Invoice = type({
  _id: string(),
  amount: number(),
  paid: boolean(),
  paidAt: nullable(string()),
  createdAt: string(),
  service: type({ title: string(), type: enums(SERVICE_TYPES), url: string() }),
  /** Paid through the sandbox checkout: no money moved. */
  testPayment: boolean(),
  /** The order's status (paid, scheduled, delivered...), domain/orders.ts. */
  order: optional(OrderWire),
  /** The invoice document issued at payment: its number, and where its PDF downloads (signed in); null unpaid. */
  document: nullable(type({ number: string(), url: string() })),
});
export type Invoice = Infer<typeof Invoice>;

export const InvoicesResponse = type({ invoices: array(Invoice) });
export type InvoicesResponse = Infer<typeof InvoicesResponse>;

// ---- avatars ----

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

// ---- password reset, verification, deletion, notifications, visits ----

export const ForgotPasswordQuery = type({ email: Email, lang: optional(string()), sendTo: optional(string()) });
/** The answer to a reset code request: the same for every address, with the ticket the code needs. */
export const ForgotPasswordResponse = type({ message: type({ en: string() }), ticket: Ticket });
export type ForgotPasswordResponse = Infer<typeof ForgotPasswordResponse>;
/**
 * The reset form's choice to end the account's other ways in with the reset: linked Google sign-ins, passkeys, and
 * the authenticator app with its recovery codes (domain/waysIn.ts).
 */
export const REMOVE_OTHER_SIGN_INS_LABEL =
  'Also remove every other way to sign in (Google, passkeys, an authenticator app)';
export const ResetPasswordRequest = type({
  email: Email,
  code: Code,
  newPassword: Password,
  ticket: Ticket,
  removeOtherSignIns: optional(boolean()),
});
export type ResetPasswordRequest = Infer<typeof ResetPasswordRequest>;
/** POST /api/auth/logout/others ("Sign out everywhere"): how many other sessions ended, in words. */
export const SignOutOthersResponse = type({ message: type({ en: string() }) });
export type SignOutOthersResponse = Infer<typeof SignOutOthersResponse>;
export function signedOutElsewhereText(ended: number): string {
  if (ended === 0) return 'You were signed in nowhere else. This device stays signed in.';
  return `Signed out on ${ended === 1 ? 'one other device' : `${ended} other devices`}. This device stays signed in.`;
}
export const VerifyRequest = type({ code: Code });
/** `POST /api/users/verify/email-change`: the code sent to the new address, with that address. */
export const EmailChangeConfirmRequest = type({ email: Email, code: Code });
export type EmailChangeConfirmRequest = Infer<typeof EmailChangeConfirmRequest>;
/**
 * `POST /api/users/account/deletion/request`: the deletion request with the account's current password, which
 * an office or admin account must give (docs/product.md#deletion); a customer may still use the plain GET.
 */
export const DeletionRequest = type({ currentPassword: size(string(), 1, PASSWORD_MAX) });
export type DeletionRequest = Infer<typeof DeletionRequest>;

export const UserResponse = type({ user: User });
export type UserResponse = Infer<typeof UserResponse>;

export const NotificationWire = type({
  id: string(),
  text: type({ en: string() }),
  createdAt: string(),
  seen: boolean(),
});
export type NotificationWire = Infer<typeof NotificationWire>;
export const NotificationsResponse = type({ notifications: array(NotificationWire) });

const nullableText = (max: number) => nullable(size(string(), 0, max));
export const VisitRequest = type({
  user: nullable(size(string(), 1, 64)),
  visitor: size(string(), 8, 64),
  country_code: nullableText(8),
  country_name: nullableText(100),
  city: nullableText(100),
  postal: nullableText(20),
  latitude: nullable(refine(number(), 'latitude', (n) => n >= -90 && n <= 90)),
  longitude: nullable(refine(number(), 'longitude', (n) => n >= -180 && n <= 180)),
  IPv4: nullableText(45),
  state: nullableText(100),
  /** The visitor's local date (YYYY-MM-DD) and time (HH:MM:SS). */
  visitDate: pattern(string(), /^\d{4}-\d{2}-\d{2}$/),
  visitTime: pattern(string(), /^\d{2}:\d{2}:\d{2}$/),
});
export type VisitRequest = Infer<typeof VisitRequest>;

export const GoogleClientConfig = type({ authorizationUrl: string(), clientId: string() });
export const ClientConfig = type({
  geolocationUrl: nullable(string()),
  /** Where the Google sign-in popup goes, or null when Google sign-in is not configured. */
  google: optional(nullable(GoogleClientConfig)),
});
export type ClientConfig = Infer<typeof ClientConfig>;

export const SeenResponse = type({ seen: integer() });
/** The most notifications one listing shows, and so the most one marking names. */
export const NOTIFICATIONS_SHOWN_MAX = 50;
/** What the bell showed, by id: only these are marked seen (docs/product.md#profile). */
export const SeeNotificationsRequest = type({
  ids: size(array(size(string(), 1, 64)), 0, NOTIFICATIONS_SHOWN_MAX),
});

export const GoogleTokenRequest = type({ googleToken: size(string(), 1, 4096) });
