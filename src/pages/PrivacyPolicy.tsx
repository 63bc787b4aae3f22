import { Link } from 'wouter';
import { usePageMeta } from '../common/hooks';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';
import { company } from '#domain/company';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  INVOICE_RETENTION_YEARS,
  PRIVACY_POLICY_DATE,
  VISIT_RETENTION_DAYS,
} from '#domain/policies';
import { fixedPages } from '#domain/fixedPages';

const mail = <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          This privacy policy explains how {company.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;)
          collects and uses personal data when you visit this website, create an account, order a consultation or
          contact us. We are the data controller for that personal data under the UK General Data Protection Regulation
          (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          If you have any question about this policy or about your data, write to us at {mail}. We do not have a
          separate Data Protection Officer; our support team passes privacy requests to the person responsible.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-keep',
    title: 'The data we keep',
    body: (
      <>
        <p>We only keep the data we need to run the website and deliver the services you order:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your name, e-mail address, a hash of your password (we never store the
            password itself, and cannot read it), your profile picture (avatar) if you upload one or if your external
            sign-in provider supplies one, and the date and time you last signed in. If you sign in with Google, we also
            keep Google&rsquo;s id for your Google account and the e-mail address it gave us.
          </li>
          <li>
            <strong>Billing details:</strong> if you give them on your profile, a billing name, a billing address and a
            VAT number. They are optional; we print them on the invoices of your later payments.
          </li>
          <li>
            <strong>Sign-in security:</strong> if you turn on an authenticator app, an encrypted copy of its secret and
            when you turned it on; your recovery codes only as keyed hashes (we cannot read them back), with whether
            each was used. For each passkey you add, its public key, its technical ids, the name you gave it, when you
            added it and when it last signed you in; the private key never leaves your device. For each sign-in session,
            when it began, when it was last used, when it ends and whether it used a second step. Codes we e-mail you
            are kept only as hashes, and work for a few minutes.
          </li>
          <li>
            <strong>Invoices:</strong> for each service you request, the service title, the amount, the delivery type
            you chose (PDF sent by e-mail, video meeting or audio call), the website address or application name you
            gave us (if any), whether and when it was paid, and when the invoice was created. Card details are entered
            on our payment provider&rsquo;s page and never reach us.
          </li>
          <li>
            <strong>Invoice documents:</strong> when you pay, we issue a numbered VAT invoice (or a receipt) and keep it
            as issued. It names you as you were billed: your name or billing name, your e-mail address, and your billing
            address and VAT number if you gave them.
          </li>
          <li>
            <strong>Orders:</strong> for each paid invoice, the order we deliver: its status and dates, and who in our
            office changed it and when. For a video meeting or audio call, the time we arranged and how to join it (a
            meeting link, a phone number or other details you or we give), and, if the call is set later than we
            promised, the reason we gave you. For a PDF report, the report file itself, its name and a fingerprint (a
            checksum) of its content; we e-mail it to you and you can download it from your invoices.
          </li>
          <li>
            <strong>Visit records:</strong> only if you accept cookies, when a page of the site is opened we record
            whether the visitor was signed in (and, if so, which account, only when the request carries that
            account&rsquo;s sign-in) together with an approximate location derived from the IP address: country, region,
            city, postal code, latitude and longitude, the IPv4 address itself, and the date and time of the visit. If
            the location lookup fails, only the date, time and sign-in state are recorded.
          </li>
          <li>
            <strong>Notifications:</strong> messages we show you in your account (for example about an order, a
            verification or a deletion request) and whether you have seen them.
          </li>
          <li>
            <strong>E-mails we send you:</strong> a copy of each service e-mail (a code, a receipt, a report) while it
            waits to be sent, and for a week after.
          </li>
          <li>
            <strong>Security records:</strong> when you sign in or fail to, or change your password, e-mail address,
            sign-in methods or billing details, our server writes a line to its log. It holds your account&rsquo;s id,
            the e-mail or IP address involved and the outcome, never a password or code.
          </li>
          <li>
            <strong>Correspondence:</strong> e-mails you send to our support address and our replies.
          </li>
        </ul>
        <p>
          What you send through the contact form or the youth-programme application form (your name, e-mail address and
          message or application) is e-mailed to our office, which answers it like any other e-mail.
        </p>
        <p>
          <strong>Who sees it:</strong> our office staff (the members of our team who deliver orders) can see the orders
          and invoices of every customer, with the customer&rsquo;s name and e-mail address, the call details and the
          reports, so that they can arrange and deliver the service. They see your data only for that purpose.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it and our lawful bases',
    body: (
      <ul>
        <li>
          <strong>To provide your account and deliver the services you order</strong> (performance of a contract):
          signing you in, creating invoices, sending you to payment, arranging your video meeting or audio call, and
          e-mailing your PDF report.
        </li>
        <li>
          <strong>To meet our legal obligations</strong> (legal obligation): keeping invoice and accounting records as
          required by UK tax and company law, and answering requests from authorities where the law requires it.
        </li>
        <li>
          <strong>To keep the site secure and understand how it is used</strong> (legitimate interests): visit records
          help us detect abuse, such as repeated failed sign-ins from one address, and show us which regions our
          visitors come from so that we can plan our services. We have balanced these interests against your privacy by
          recording an approximate location only and deleting visit records after a fixed period.
        </li>
        <li>
          <strong>To send you service messages</strong> (performance of a contract and legitimate interests):
          verification codes, password-reset codes, order confirmations and account-deletion confirmations. We do not
          send marketing e-mails.
        </li>
        <li>
          <strong>To protect your account</strong> (performance of a contract and legitimate interests): the
          authenticator app, recovery codes and passkeys you choose to set up, sign-in sessions, and the security
          records that let us see and stop misuse of an account.
        </li>
        <li>
          <strong>To issue invoices</strong> (legal obligation): the billing details printed on a VAT invoice.
        </li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Account data, billing details and notifications:</strong> for as long as your account exists. When an
          account is deleted, this data is deleted with it. You can change or clear your billing details at any time.
        </li>
        <li>
          <strong>Authenticator app, recovery codes and passkeys:</strong> until you turn the app off, make new recovery
          codes, remove the passkey or delete your account.
        </li>
        <li>
          <strong>Invoices:</strong> for as long as your account exists. When it is deleted, unpaid invoices are deleted
          with it; paid invoices are kept for {INVOICE_RETENTION_YEARS} years after payment, as UK law requires of a
          business&rsquo;s sales records, but detached from the deleted account. Their invoice documents stay as they
          were issued, with the buyer&rsquo;s details printed on them, because the law asks an invoice to name its
          buyer. Our payment provider keeps its own record of each payment, as the law requires of it.
        </li>
        <li>
          <strong>Visit records:</strong> {VISIT_RETENTION_DAYS} days from the visit, after which they are deleted.
          Records linked to an account are deleted with it.
        </li>
        <li>
          <strong>Orders, reports and call details:</strong> with the invoice. When your account is deleted, the order
          of a paid invoice keeps only what was delivered and when (its status, dates, the report&rsquo;s name and
          fingerprint, and who changed it); the report&rsquo;s content and the way to join a call are deleted.
        </li>
        <li>
          <strong>E-mails we send you:</strong> removed from our outgoing mail a week after they are sent.
        </li>
        <li>
          <strong>Support correspondence:</strong> up to two years after the conversation ends, unless it relates to an
          order, in which case it is kept with the invoice.
        </li>
        <li>
          <strong>Sign-in sessions:</strong> until you sign out or the session expires; signing out revokes the session
          on our server.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We use one cookie and a few entries in your browser&rsquo;s local storage. None of them is used for
          advertising or cross-site tracking.
        </p>
        {/* Focusable so that keyboard users can scroll the table on narrow screens. */}
        <div className="legal__table-wrap" role="region" aria-label="Cookies and local storage" tabIndex={0}>
          <table className="legal__table">
            <caption>Cookies and local storage used by this site</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Purpose</th>
                <th scope="col">Kept for</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">CookieConsent</th>
                <td>Cookie</td>
                <td>Remembers that you have seen the cookie notice and your choice, so it is not shown again.</td>
                <td>365 days</td>
              </tr>
              <tr>
                <th scope="row">Sign-in token</th>
                <td>Local storage</td>
                <td>Keeps you signed in between visits and is sent with requests that need your account.</td>
                <td>Until you sign out or the session expires</td>
              </tr>
              <tr>
                <th scope="row">Cached responses</th>
                <td>Local storage</td>
                <td>
                  Short-lived copies of some answers from our server (for example an account-deletion request), to avoid
                  repeating the same request. Each entry carries its own expiry time.
                </td>
                <td>Up to 10 minutes; cleared when you sign out</td>
              </tr>
              <tr>
                <th scope="row">Visitor id</th>
                <td>Local storage</td>
                <td>
                  A random id, stored only after you accept cookies, that lets us tell repeated visits apart in the
                  visit records without knowing who you are.
                </td>
                <td>Until you remove it</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          You can remove cookies and local storage at any time in your browser&rsquo;s settings. If you remove the
          sign-in token you will be signed out; if you remove the CookieConsent cookie, the notice will appear again.
        </p>
      </>
    ),
  },
  {
    id: 'processors',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your data. We share it only with service providers who process it for us under contract:</p>
        <ul>
          <li>
            <strong>Payment provider:</strong> processes your payment on its own secure page. It receives the amount,
            the service title and the details you enter there, and tells us whether the payment succeeded.
          </li>
          <li>
            <strong>E-mail delivery provider:</strong> sends our service e-mails (verification codes, confirmations and
            PDF reports) and therefore receives your name, e-mail address and the content of those messages.
          </li>
          <li>
            <strong>IP geolocation service:</strong> only if you have accepted cookies, when a page is opened your
            browser asks this service for the approximate location of your IP address; the answer is included in the
            visit record. If you have not accepted, or declined, it is never asked.
          </li>
          <li>
            <strong>External sign-in provider:</strong> if you choose &ldquo;Continue with Google&rdquo;, Google
            confirms your identity and shares your name, e-mail address and profile picture with us. Google&rsquo;s own
            privacy policy applies to what happens on its pages.
          </li>
          <li>
            <strong>Hosting provider:</strong> stores the website and its database on our behalf.
          </li>
        </ul>
        <p>
          Some of these providers may process data outside the United Kingdom. Where they do, we rely on UK adequacy
          regulations or on the International Data Transfer Agreement or Addendum approved by the Information
          Commissioner, so that your data remains protected to UK standards.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Passwords are stored only as strong, salted hashes, and so are recovery codes and e-mailed codes. The
        authenticator app&rsquo;s secret is stored encrypted, and a passkey leaves us only its public key. Connections
        to the site are encrypted with HTTPS, access to the database is limited to the people who need it to run the
        service, repeated failed sign-ins are slowed down, and sign-in sessions can be revoked from our server. You can
        add a second step to your sign-in, an authenticator app or a passkey, on your profile page. No system is
        perfectly secure, but if a breach affecting your data ever occurs we will tell you and the Information
        Commissioner&rsquo;s Office where the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights under UK GDPR',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>be informed about how we use your data (this policy);</li>
          <li>access the personal data we hold about you and receive a copy of it;</li>
          <li>have inaccurate data corrected; you can change your name and e-mail address on your profile page;</li>
          <li>have your data erased (see &ldquo;Deleting your account&rdquo; below);</li>
          <li>restrict how we use your data while a concern is being resolved;</li>
          <li>receive the data you gave us in a portable, machine-readable format;</li>
          <li>object to processing based on our legitimate interests, such as visit records;</li>
          <li>withdraw consent at any time where we rely on it, without affecting earlier processing.</li>
        </ul>
        <p>
          You can get a copy of your data yourself at any time: &ldquo;Download my data&rdquo; on your profile page
          gives you a ZIP file with everything we hold about you, with the data in a machine-readable file (JSON) and
          your invoices and reports as PDF files. We e-mail you a note each time it is used.
        </p>
        <p>
          To use any other right, or if you cannot sign in, e-mail {mail}. We will answer within one month and may ask
          you to confirm your identity first. Exercising your rights is free of charge.
        </p>
        <p>
          If you are unhappy with how we handle your data, please tell us first so we can try to put it right. You also
          have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the UK supervisory authority,
          at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or on 0303 123 1113.
        </p>
      </>
    ),
  },
  {
    id: 'account-deletion',
    title: 'Deleting your account',
    body: (
      <>
        <p>
          You can ask for your account to be deleted at any time from your profile page, using the &ldquo;Delete
          Account&rdquo; link. We confirm the request by e-mail, so that you would notice one you did not make.
        </p>
        <p>
          Your account and its data (profile, avatar, billing details, authenticator app, recovery codes, passkeys,
          sign-in sessions, unpaid invoices, notifications and the visit records linked to it) are permanently deleted{' '}
          {ACCOUNT_DELETION_GRACE_DAYS} days after the request. Paid invoices and their invoice documents are kept,
          detached from the account, for {INVOICE_RETENTION_YEARS} years after payment, as described under &ldquo;How
          long we keep it&rdquo;. If you change your mind during those {ACCOUNT_DELETION_GRACE_DAYS} days, simply sign
          in and cancel the request from your profile.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Our services are intended for adults and businesses. We do not knowingly create accounts for, or collect data
        from, anyone under 18. If you believe a child has given us personal data, please contact us and we will delete
        it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy when our services or the law change. The date at the top shows when it was last
        updated. If a change materially affects how we use your data, we will tell signed-in customers by e-mail or by a
        notification in their account before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        For any privacy question or request, e-mail {mail} or use our <Link href="/contact-us">contact page</Link>. Our
        support team usually replies within a few hours.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  usePageMeta(fixedPages['/privacy-policy']);
  return (
    <LegalDocument
      id="privacy"
      sections={sections}
      header={
        <>
          <h1>Privacy Policy</h1>
          <p className="legal__updated">{`Last updated: ${PRIVACY_POLICY_DATE}`}</p>
          <p className="legal__intro">
            Your privacy matters to us. This policy describes, in plain English, what personal data {company.name}{' '}
            keeps, why, for how long, and how you can control it.
          </p>
        </>
      }
    />
  );
}
