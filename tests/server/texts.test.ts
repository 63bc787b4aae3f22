/**
 * Every text the server says that is set when its module loads, word for word: refusals, subjects, notices. A
 * test elsewhere that compares an answer with the imported constant shows where the text is said, not what it
 * says: emptied or garbled, it would still pass. Here each one is read once (docs/testing.md#mutation-testing).
 * A change of wording changes this file too, on purpose: the words are what the customer reads.
 */
import { describe, expect, it } from 'vitest';
import * as accountCodes from '#server/account/codes';
import * as accountDeletionProof from '#server/account/deletion-proof';
import * as accountDeletionRequest from '#server/account/deletion-request';
import * as accountEmailChange from '#server/account/email-change';
import * as accountPasswordChange from '#server/account/password-change';
import * as accountPasswordReset from '#server/account/password-reset';
import * as accountVerification from '#server/account/verification';
import * as authEmailSignIn from '#server/auth/email-sign-in';
import * as authRegistration from '#server/auth/registration';
import * as avatarsImage from '#server/avatars/image';
import * as avatarsServe from '#server/avatars/serve';
import * as bookingAvailabilityRequest from '#server/booking/availability-request';
import * as bookingAvailability from '#server/booking/availability';
import * as bookingBookingRequest from '#server/booking/booking-request';
import * as bookingCallChange from '#server/booking/call-change';
import * as bookingCancel from '#server/booking/cancel';
import * as bookingCustomerOrder from '#server/booking/customer-order';
import * as bookingLink from '#server/booking/link';
import * as bookingTimeZone from '#server/booking/time-zone';
import * as dataExportGather from '#server/data-export/gather';
import * as dataExportNotice from '#server/data-export/notice';
import * as formsRoutes from '#server/forms/routes';
import * as googleRoutes from '#server/google/routes';
import * as googleVerify from '#server/google/verify';
import * as httpErrors from '#server/http/errors';
import * as httpValidate from '#server/http/validate';
import * as invoicesDocumentKept from '#server/invoices/document/kept';
import * as invoicesIdempotency from '#server/invoices/idempotency';
import * as invoicesOrderRequest from '#server/invoices/order-request';
import * as invoicesPayAgain from '#server/invoices/pay-again';
import * as invoicesPaymentLink from '#server/invoices/payment-link';
import * as limitsResponses from '#server/limits/responses';
import * as mailBookingMessages from '#server/mail/booking-messages';
import * as mailMessages from '#server/mail/messages';
import * as mailOrderMessages from '#server/mail/order-messages';
import * as metricsRoutes from '#server/metrics/routes';
import * as officeOrderView from '#server/office/order-view';
import * as officeReportUpload from '#server/office/report-upload';
import * as officeSchedule from '#server/office/schedule';
import * as officeStaff from '#server/office/staff';
import * as ordersActions from '#server/orders/actions';
import * as ordersBodyLimit from '#server/orders/body-limit';
import * as ordersMachine from '#server/orders/machine';
import * as ordersPdfCheck from '#server/orders/pdf-check';
import * as passkeysManagement from '#server/passkeys/management';
import * as passkeysRegistration from '#server/passkeys/registration';
import * as passkeysRoutes from '#server/passkeys/routes';
import * as passkeysVerify from '#server/passkeys/verify';
import * as paymentsSandboxCheckout from '#server/payments/sandbox-checkout';
import * as paymentsSandboxPage from '#server/payments/sandbox-page';
import * as paymentsStripeWebhook from '#server/payments/stripe-webhook';
import * as siteHealth from '#server/site/health';
import * as threadsPool from '#server/threads/pool';
import * as twoFactorChanges from '#server/two-factor/changes';
import * as twoFactorRoutes from '#server/two-factor/routes';
import * as twoFactorSetup from '#server/two-factor/setup';
import * as waysInCommonPasswords from '#server/ways-in/common-passwords';
import * as waysInCurrentPassword from '#server/ways-in/current-password';
import * as waysInEmailCodes from '#server/ways-in/email-codes';
import * as waysInGoogleLinks from '#server/ways-in/google-links';
import * as waysInOwnerProof from '#server/ways-in/owner-proof';
import * as waysInRequireAuth from '#server/ways-in/require-auth';
import * as waysInStaffRule from '#server/ways-in/staff-rule';
import * as waysInTwoFactorStep from '#server/ways-in/two-factor-step';

describe('the words of each module', () => {
  it('server/account/codes.ts', () => {
    expect(accountCodes.MAIL_FAILED_TEXT).toBe(
      'We could not send the e-mail just now. Please try again in a few minutes.',
    );
  });

  it('server/account/deletion-proof.ts', () => {
    expect(accountDeletionProof.STAFF_DELETION_PASSWORD_TEXT).toBe(
      'Please confirm with your password to delete an office account.',
    );
    expect(accountDeletionProof.DELETION_NEEDS_PASSWORD_TEXT).toBe(
      'Your account has no password yet. Please set one first (with "Forgot password?" on the sign-in page), then confirm the deletion with it.',
    );
  });

  it('server/account/deletion-request.ts', () => {
    expect(accountDeletionRequest.DELETION_CANCELLED_TEXT).toBe('Your account will not be deleted.');
  });

  it('server/account/email-change.ts', () => {
    expect(accountEmailChange.CURRENT_PASSWORD_REQUIRED_TEXT).toBe(
      'Please enter your current password to change your e-mail address.',
    );
    expect(accountEmailChange.EMAIL_CHANGE_CODE_REQUIRED_TEXT).toBe(
      'Please enter the code we sent to your current e-mail address to change it.',
    );
    expect(accountEmailChange.HAS_PASSWORD_TEXT).toBe(
      'Your account has a password: confirm the change with it instead of a code.',
    );
    expect(accountEmailChange.EMAIL_IN_USE_TEXT).toBe('This e-mail address is already used by another account.');
    expect(accountEmailChange.NO_EMAIL_CHANGE_PENDING_TEXT).toBe(
      'No change of e-mail address is waiting for a code any more. Please change your address again.',
    );
  });

  it('server/account/password-change.ts', () => {
    expect(accountPasswordChange.WRONG_OLD_PASSWORD_TEXT).toBe('Your old password is incorrect.');
    expect(accountPasswordChange.PASSWORDS_DIFFER_TEXT).toBe('The new passwords do not match.');
    expect(accountPasswordChange.NO_PASSWORD_TEXT).toBe('This account has no password yet; it signs in with Google.');
  });

  it('server/account/password-reset.ts', () => {
    expect(accountPasswordReset.FORGOT_PASSWORD_TEXT).toBe(
      'If an account exists for that address, we have sent it a code. The code expires in 15 minutes.',
    );
    expect(accountPasswordReset.PASSWORD_RESET_TEXT).toBe(
      'Your password has been reset. You can now sign in with your new password.',
    );
  });

  it('server/account/verification.ts', () => {
    expect(accountVerification.ALREADY_VERIFIED_TEXT).toBe('Your e-mail address is already verified.');
  });

  it('server/auth/email-sign-in.ts', () => {
    expect(authEmailSignIn.INVALID_CREDENTIALS_TEXT).toBe('Invalid e-mail or password.');
  });

  it('server/auth/registration.ts', () => {
    expect(authRegistration.EMAIL_TAKEN_TEXT).toBe('An account with this e-mail address already exists.');
  });

  it('server/avatars/image.ts', () => {
    expect(avatarsImage.AVATAR_TOO_LARGE_TEXT).toBe('The picture must be at most 2 MB.');
    expect(avatarsImage.AVATAR_NOT_IMAGE_TEXT).toBe('The picture must be a PNG, JPEG, WebP or GIF image.');
    expect(avatarsImage.AVATAR_NOT_FILE_TEXT).toBe('The picture must be sent as a file.');
  });

  it('server/avatars/serve.ts', () => {
    expect(avatarsServe.NO_AVATAR_TEXT).toBe('This user has no picture.');
  });

  it('server/booking/availability-request.ts', () => {
    expect(bookingAvailabilityRequest.WEEKLY_TEXT).toBe(
      'Please give the hours of each day of the week, Monday to Sunday.',
    );
    expect(bookingAvailabilityRequest.DAYS_OFF_TEXT).toBe(
      'Please give the days off as a list of dates (YYYY-MM-DD), at most 366.',
    );
  });

  it('server/booking/availability.ts', () => {
    expect(bookingAvailability.OTHERS_HOURS_TEXT).toBe("Only an admin may see or set another office member's hours.");
    expect(bookingAvailability.NO_SUCH_MEMBER_TEXT).toBe('No such office member.');
  });

  it('server/booking/booking-request.ts', () => {
    expect(bookingBookingRequest.START_TEXT).toBe(
      "Please choose one of the times offered (the call's start as an ISO date and time).",
    );
  });

  it('server/booking/call-change.ts', () => {
    expect(bookingCallChange.CHANGED_MEANWHILE_TEXT).toBe(
      'Your booking changed a moment ago. Please reload the page and try again.',
    );
  });

  it('server/booking/cancel.ts', () => {
    expect(bookingCancel.NOTHING_TO_CANCEL_TEXT).toBe('This call has no booked time to cancel.');
  });

  it('server/booking/customer-order.ts', () => {
    expect(bookingCustomerOrder.NOT_A_CALL_TEXT).toBe(
      'This order is a PDF report, not a call: there is no call to book.',
    );
    expect(bookingCustomerOrder.NOT_PAID_TEXT).toBe('This order is not paid yet: its call can be booked once it is.');
    expect(bookingCustomerOrder.ALREADY_DELIVERED_TEXT).toBe(
      'This order was delivered already: there is no call left to book.',
    );
  });

  it('server/booking/link.ts', () => {
    expect(bookingLink.LINK_INVALID_TEXT).toBe(
      'This booking link is not valid. Please use the link in your latest mail from us, or sign in to see your orders.',
    );
  });

  it('server/booking/time-zone.ts', () => {
    expect(bookingTimeZone.TIME_ZONE_TEXT).toBe(
      'Please give your time zone as your browser names it (for example Europe/Paris).',
    );
  });

  it('server/data-export/gather.ts', () => {
    expect(dataExportGather.CONSENT_NOTE).toBe(
      'Your cookie choice is kept only in your browser, as the CookieConsent cookie; the server keeps no record of it.',
    );
  });

  it('server/data-export/notice.ts', () => {
    expect(dataExportNotice.DATA_EXPORT_SUBJECT).toBe('Your Northgate IT Consulting data was downloaded');
  });

  it('server/forms/routes.ts', () => {
    expect(formsRoutes.CONTACT_SENT_TEXT).toBe('Thank you, your message has been sent.');
    expect(formsRoutes.APPLICATION_SENT_TEXT).toBe('Your application has been sent successfully');
  });

  it('server/google/routes.ts', () => {
    expect(googleRoutes.GOOGLE_TOKEN_FIELD_TEXT).toBe('The Google sign-in did not send a token. Please try again.');
  });

  it('server/google/verify.ts', () => {
    expect(googleVerify.GOOGLE_OFF_TEXT).toBe('Sign-in with Google is not available.');
    expect(googleVerify.GOOGLE_WRONG_AUDIENCE_TEXT).toBe('This Google sign-in was not meant for this site.');
    expect(googleVerify.GOOGLE_EXPIRED_TEXT).toBe('Your Google sign-in has expired. Please try again.');
    expect(googleVerify.GOOGLE_REFUSED_TEXT).toBe('Google did not accept this sign-in. Please try again.');
    expect(googleVerify.GOOGLE_UNREACHABLE_TEXT).toBe('Google could not be reached. Please try again.');
    expect(googleVerify.GOOGLE_NO_EMAIL_TEXT).toBe(
      'Google did not share the e-mail address of this account. Please try again and allow access to it.',
    );
  });

  it('server/http/errors.ts', () => {
    expect(httpErrors.DATABASE_UNAVAILABLE_TEXT).toBe(
      'The service is temporarily unavailable. Please try again shortly.',
    );
    expect(httpErrors.GENERIC_ERROR_TEXT).toBe('Something went wrong on our side. Please try again later.');
    expect(httpErrors.CLIENT_ABORTED_TEXT).toBe('The request was not received in full.');
  });

  it('server/http/validate.ts', () => {
    expect(httpValidate.JSON_TOO_DEEP_TEXT).toBe('The request body is nested too deeply (at most 32 levels).');
  });

  it('server/invoices/document/kept.ts', () => {
    expect(invoicesDocumentKept.DOCUMENT_DAMAGED_TEXT).toBe(
      'This document cannot be served right now. We have been told and will fix it; please try again later.',
    );
  });

  it('server/invoices/idempotency.ts', () => {
    expect(invoicesIdempotency.IDEMPOTENCY_KEY_TEXT).toBe(
      'The Idempotency-Key header must be 1 to 255 visible characters.',
    );
    expect(invoicesIdempotency.IDEMPOTENCY_KEY_REUSED_TEXT).toBe(
      'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
    );
  });

  it('server/invoices/order-request.ts', () => {
    expect(invoicesOrderRequest.PRICE_CHANGED_TEXT).toBe(
      'The price of this service has changed. Please reload the page.',
    );
    expect(invoicesOrderRequest.URL_TOO_LONG_TEXT).toBe('The website URL or application name is too long.');
    expect(invoicesOrderRequest.UNKNOWN_SERVICE_TEXT).toBe('Unknown service.');
    expect(invoicesOrderRequest.TYPE_TEXT).toBe(
      'Please choose a delivery type: PDF Sent to Email, Video Meeting, Phone Call.',
    );
  });

  it('server/invoices/pay-again.ts', () => {
    expect(invoicesPayAgain.INVOICE_NOT_FOUND_TEXT).toBe('We could not find this invoice.');
    expect(invoicesPayAgain.ALREADY_PAID_TEXT).toBe('This invoice is already paid.');
    expect(invoicesPayAgain.OTHER_PROVIDER_TEXT).toBe(
      'This invoice was started with a payment service that is no longer in use. Please order the service again.',
    );
  });

  it('server/invoices/payment-link.ts', () => {
    expect(invoicesPaymentLink.PAYMENT_UNAVAILABLE_TEXT).toBe(
      'The payment service could not be reached, so no payment was started. Please try again in a moment.',
    );
  });

  it('server/limits/responses.ts', () => {
    expect(limitsResponses.BUSY_TEXT).toBe('The server is busy. Please try again in a moment.');
  });

  it('server/mail/booking-messages.ts', () => {
    expect(mailBookingMessages.NO_SIGN_IN).toBe('no sign-in needed');
    expect(mailBookingMessages.WRITE_TO_US).toBe('please write to support@northgate-consulting.example');
  });

  it('server/mail/messages.ts', () => {
    expect(mailMessages.SIGN_UP_VERIFICATION_SUBJECT).toBe(
      'Welcome to Northgate IT Consulting: verify your e-mail address',
    );
  });

  it('server/mail/order-messages.ts', () => {
    expect(mailOrderMessages.INVITATION_ATTACHED).toBe(
      'The calendar invitation is attached: open it to add the call to your calendar.',
    );
    expect(mailOrderMessages.INVITATION_ON_INVOICES).toBe(
      'You can add the call to your calendar from your invoices page.',
    );
  });

  it('server/metrics/routes.ts', () => {
    expect(metricsRoutes.METRICS_TOKEN_TEXT).toBe('A valid metrics token is required.');
  });

  it('server/office/order-view.ts', () => {
    expect(officeOrderView.ORDER_NOT_FOUND_TEXT).toBe('No order with that id.');
    expect(officeOrderView.VIEW_TEXT).toBe('Please choose a list: queue, unpaid, delivered.');
  });

  it('server/office/report-upload.ts', () => {
    expect(officeReportUpload.REPORT_FORM_TEXT).toBe(
      'Please send the report as multipart/form-data, with the PDF in the field "report".',
    );
    expect(officeReportUpload.REPORT_MISSING_TEXT).toBe('Please attach the report: a PDF file in the field "report".');
    expect(officeReportUpload.CUSTOMER_GONE_TEXT).toBe(
      "This customer's account was deleted: there is no one to send the report to, so nothing is stored.",
    );
  });

  it('server/office/schedule.ts', () => {
    expect(officeSchedule.AT_TEXT).toBe("Please give the call's date and time (ISO 8601 with its time zone).");
    expect(officeSchedule.JOIN_TEXT).toBe(
      'Please say how the customer joins the call: a link or a phone number (up to 500 characters).',
    );
    expect(officeSchedule.IN_THE_PAST_TEXT).toBe("The call's time must be in the future.");
    expect(officeSchedule.TOO_FAR_TEXT).toBe('The call must be within 366 days from now.');
    expect(officeSchedule.REASON_TEXT).toBe('The reason may be up to 500 characters long.');
  });

  it('server/office/staff.ts', () => {
    expect(officeStaff.STAFF_EMAIL_TEXT).toBe('Please enter the e-mail address of an existing account.');
    expect(officeStaff.GRANT_ROLE_TEXT).toBe(
      'Only the office role is granted here (an operator makes admins with npm run roles).',
    );
    expect(officeStaff.NO_ACCOUNT_TEXT).toBe('No account uses that e-mail address.');
    expect(officeStaff.ALREADY_ADMIN_TEXT).toBe('That account is an admin, which includes the office already.');
    expect(officeStaff.NO_STAFF_MEMBER_TEXT).toBe('No office member with that id.');
    expect(officeStaff.ADMIN_NOT_REVOKED_TEXT).toBe(
      'An admin cannot be revoked here. An operator can change it on the server with npm run roles.',
    );
  });

  it('server/orders/actions.ts', () => {
    expect(ordersActions.CHANGED_MEANWHILE_TEXT).toBe(
      'Someone else changed this order a moment ago. Please reload it and try again.',
    );
  });

  it('server/orders/body-limit.ts', () => {
    expect(ordersBodyLimit.REPORT_TOO_LARGE_TEXT).toBe('The report is too large (at most 10 MB).');
  });

  it('server/orders/machine.ts', () => {
    expect(ordersMachine.NOT_PAID_TEXT).toBe('This order is not paid yet.');
    expect(ordersMachine.ALREADY_DELIVERED_TEXT).toBe('This order was delivered already: it cannot change any more.');
    expect(ordersMachine.NOT_A_CALL_TEXT).toBe('This order is a PDF report, not a call: there is nothing to schedule.');
    expect(ordersMachine.NOT_A_REPORT_TEXT).toBe('This order is a call, not a PDF report: schedule the call instead.');
    expect(ordersMachine.NOTHING_DELIVERED_TEXT).toBe(
      'Schedule the call or send the report before marking the order delivered.',
    );
    expect(ordersMachine.REFUSED_TEXT).toBe('That change is not possible for this order now.');
  });

  it('server/orders/pdf-check.ts', () => {
    expect(ordersPdfCheck.NOT_A_PDF_TEXT).toBe('The report must be a PDF file.');
    expect(ordersPdfCheck.POLYGLOT_TEXT).toBe(
      'The report must be a PDF file and nothing else: this one can also be opened as another kind of file (an archive or a web page).',
    );
    expect(ordersPdfCheck.JAVASCRIPT_TEXT).toBe(
      'The report contains JavaScript (scripts or a script-driven form), which is not sent to customers. Please export it again without them.',
    );
    expect(ordersPdfCheck.LAUNCH_TEXT).toBe(
      'The report contains an action that starts a program or opens a file (a Launch action), which is not sent to customers. Please export it again without it.',
    );
    expect(ordersPdfCheck.ATTACHMENT_TEXT).toBe(
      'The report has files attached or embedded in it, which are not sent to customers. Please send the PDF without attachments.',
    );
    expect(ordersPdfCheck.BOMB_TEXT).toBe(
      "The report's compressed content unpacks to too much data (more than 64 MB in one part, 128 MB in all, or 200 times its packed size), which is not sent to customers. Please export it again.",
    );
    expect(ordersPdfCheck.TOO_COMPLEX_TEXT).toBe(
      'The report is too complex to check (too many objects, or more than 3 seconds of work). Please export it again, or send it in smaller parts.',
    );
    expect(ordersPdfCheck.ENCRYPTED_TEXT).toBe(
      'The report is encrypted or password-protected, so it cannot be checked. Please send it without a password.',
    );
    expect(ordersPdfCheck.UNSAFE_LINK_TEXT).toBe(
      'The report contains a link that runs a script or opens a file or a network share (only web and e-mail links are sent to customers). Please export it again without it.',
    );
    expect(ordersPdfCheck.AUTO_ACTION_TEXT).toBe(
      'The report opens a link or runs an action by itself when it is opened, which is not sent to customers. Please export it again without it.',
    );
    expect(ordersPdfCheck.FORM_TEXT).toBe(
      'The report contains a form that sends what is typed into it to a website, which is not sent to customers. Please export it again without it.',
    );
    expect(ordersPdfCheck.IMPORT_TEXT).toBe(
      'The report contains an action that imports data from another file, which is not sent to customers. Please export it again without it.',
    );
  });

  it('server/passkeys/management.ts', () => {
    expect(passkeysManagement.PASSKEY_NOT_FOUND_TEXT).toBe('No such passkey on your account.');
  });

  it('server/passkeys/registration.ts', () => {
    expect(passkeysRegistration.PASSKEYS_FULL_TEXT).toBe(
      'An account can have at most 20 passkeys: remove one you no longer use first.',
    );
    expect(passkeysRegistration.PASSKEY_TAKEN_TEXT).toBe('This passkey is already registered.');
  });

  it('server/passkeys/routes.ts', () => {
    expect(passkeysRoutes.NAME_TEXT).toBe('Please name the passkey (1 to 60 characters).');
  });

  it('server/passkeys/verify.ts', () => {
    expect(passkeysVerify.OTHER_SITE_TEXT).toBe(
      'This passkey answer was made for another site. Please use a passkey of this site.',
    );
    expect(passkeysVerify.CHALLENGE_TEXT).toBe(
      'This passkey request has expired or was already used. Please start again.',
    );
    expect(passkeysVerify.NOT_VERIFIED_TEXT).toBe('The passkey could not be verified. Please try again.');
    expect(passkeysVerify.PASSKEY_UNKNOWN_TEXT).toBe('This passkey is not registered here.');
    expect(passkeysVerify.MALFORMED_TEXT).toBe('The passkey response is missing or malformed.');
  });

  it('server/payments/sandbox-checkout.ts', () => {
    expect(paymentsSandboxCheckout.SUPERSEDED_TEXT).toBe(
      'This payment link was replaced by a newer one. To pay, use "Pay now" on the invoice in your invoices.',
    );
  });

  it('server/payments/sandbox-page.ts', () => {
    expect(paymentsSandboxPage.TEST_MODE_TEXT).toBe('Sandbox checkout — test mode, no real payment is taken');
    expect(paymentsSandboxPage.ALREADY_PAID_TEXT).toBe('This invoice is already paid');
    expect(paymentsSandboxPage.FORBIDDEN_TEXT).toBe('This payment link is not valid.');
    expect(paymentsSandboxPage.NOT_FOUND_TEXT).toBe('We could not find this invoice.');
  });

  it('server/payments/stripe-webhook.ts', () => {
    expect(paymentsStripeWebhook.BAD_SIGNATURE_TEXT).toBe('The webhook signature could not be verified.');
    expect(paymentsStripeWebhook.MALFORMED_EVENT_TEXT).toBe(
      'The webhook event does not have the shape of a Stripe event.',
    );
  });

  it('server/site/health.ts', () => {
    expect(siteHealth.DRAINING_TEXT).toBe('This server is shutting down. Please try again.');
    expect(siteHealth.DATABASE_UNREACHABLE_TEXT).toBe(
      'The service is temporarily unavailable. Please try again shortly.',
    );
  });

  it('server/threads/pool.ts', () => {
    expect(threadsPool.THREADS_BUSY_TEXT).toBe(
      'Documents are being prepared for many people at once. Please try again in a minute.',
    );
  });

  it('server/two-factor/changes.ts', () => {
    expect(twoFactorChanges.TOTP_OFF_TEXT).toBe('No authenticator app is set up for this account.');
    expect(twoFactorChanges.TWO_FACTOR_CODE_WRONG_TEXT).toBe(
      'This code is not right. Enter the code your authenticator app shows now, or an unused recovery code.',
    );
    expect(twoFactorChanges.TOTP_DISABLED_TEXT).toBe(
      'The authenticator app is turned off: signing in needs only your password again.',
    );
  });

  it('server/two-factor/routes.ts', () => {
    expect(twoFactorRoutes.TWO_FACTOR_CODE_FIELD_TEXT).toBe(
      'Please enter the code your authenticator app shows now, or one of your recovery codes.',
    );
  });

  it('server/two-factor/setup.ts', () => {
    expect(twoFactorSetup.TOTP_ALREADY_ON_TEXT).toBe(
      'An authenticator app is already set up. Turn it off first to set up another one.',
    );
    expect(twoFactorSetup.NO_SETUP_TEXT).toBe(
      'Please start the set-up again: no authenticator app is waiting for its first code.',
    );
    expect(twoFactorSetup.TOTP_CODE_WRONG_TEXT).toBe(
      'This code is not right. Enter the code your authenticator app shows now.',
    );
    expect(twoFactorSetup.TWO_FACTOR_MAIL_FAILED_TEXT).toBe(
      'We could not send the e-mail just now. Please try again in a few minutes.',
    );
  });

  it('server/ways-in/common-passwords.ts', () => {
    expect(waysInCommonPasswords.COMMON_PASSWORD_TEXT).toBe(
      'This password is too common and easy to guess. Please choose another.',
    );
  });

  it('server/ways-in/current-password.ts', () => {
    expect(waysInCurrentPassword.WRONG_CURRENT_PASSWORD_TEXT).toBe('Your current password is incorrect.');
  });

  it('server/ways-in/email-codes.ts', () => {
    expect(waysInEmailCodes.CODE_INVALID_TEXT).toBe('This code is not valid or has expired.');
  });

  it('server/ways-in/google-links.ts', () => {
    expect(waysInGoogleLinks.GOOGLE_NO_ACCOUNT_TEXT).toBe('No account uses this Google sign-in yet. Register first.');
    expect(waysInGoogleLinks.GOOGLE_EMAIL_TAKEN_TEXT).toBe(
      'An account with this e-mail address already exists. Sign in with your password, then you can use Google.',
    );
    expect(waysInGoogleLinks.GOOGLE_EMAIL_UNVERIFIED_TEXT).toBe(
      'An account with this e-mail address already exists, but its address has not been verified. Sign in with its password, or reset the password (we send a code to the address), before using Google.',
    );
  });

  it('server/ways-in/owner-proof.ts', () => {
    expect(waysInOwnerProof.TWO_FACTOR_PASSWORD_TEXT).toBe('Please enter your current password.');
    expect(waysInOwnerProof.TWO_FACTOR_EMAIL_CODE_TEXT).toBe(
      'Please enter the code we sent to your e-mail address (ask for one with "Send a code").',
    );
  });

  it('server/ways-in/require-auth.ts', () => {
    expect(waysInRequireAuth.SIGN_IN_REQUIRED_TEXT).toBe('Please sign in to continue.');
    expect(waysInRequireAuth.STAFF_ONLY_TEXT).toBe('This page is for the office only.');
    expect(waysInRequireAuth.ADMIN_ONLY_TEXT).toBe('Only an admin may manage the office staff.');
  });

  it('server/ways-in/staff-rule.ts', () => {
    expect(waysInStaffRule.SET_UP_SECOND_FACTOR_TEXT).toBe(
      'Set up an authenticator app or a passkey on your profile to reach the office.',
    );
    expect(waysInStaffRule.SIGN_IN_WITH_SECOND_FACTOR_TEXT).toBe(
      'Sign in with your passkey or authenticator app to reach the office.',
    );
  });

  it('server/ways-in/two-factor-step.ts', () => {
    expect(waysInTwoFactorStep.TOTP_INVALID_TEXT).toBe(
      'This code is not valid. Enter the current code from your authenticator app, or an unused recovery code.',
    );
  });
});
