/**
 * The browser-level model-based suite: paths generated from the real machines drive Chromium against
 * the real server (tests/e2e/model/browser.ts, on toolkit/). One file per machine in tests/e2e/model/.
 */
import './model/login.model';
import './model/register.model';
import './model/consent.model';
import './model/toasts.model';
import './model/appStart.model';
import './model/app.model';
import './model/auth.model';
import './model/wizard.model';
import './model/googleSignIn.model';
import './model/officeQueue.model';
import './model/officeStaff.model';
import './model/officeHours.model';
import './model/callBooking.model';
import './model/download.model';
import './model/contact.model';
import './model/menu.model';
import './model/topBar.model';
import './model/serviceDetails.model';
import './model/order.model';
import './model/visit.model';
import './model/youthApplication.model';
import './model/invoices.model';
import './model/lastLogin.model';
import './model/changePassword.model';
import './model/forgotPassword.model';
import './model/verifyEmail.model';
import './model/deleteAccount.model';
import './model/notifications.model';
import './model/profile.model';
import './model/twoFactor.model';
import './model/passkeySignIn.model';
import './model/passkeys.model';
import './model/dataExport.model';
import './model/billingDetails.model';
import './model/signOutEverywhere.model';
