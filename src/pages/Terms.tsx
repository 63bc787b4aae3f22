import { Link } from 'wouter';
import { usePageMeta } from '../common/hooks';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';
import { company } from '#domain/company';
import { ACCOUNT_DELETION_GRACE_DAYS, TERMS_EFFECTIVE_DATE, TERMS_VERSION } from '#domain/policies';
import { fixedPages } from '#domain/fixedPages';

const mail = <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>;

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms of service (&ldquo;terms&rdquo;) apply to your use of this website and to every consultation you
          order from {company.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;). By creating an account or
          ordering a service you agree to them. Please read them carefully, together with our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>, which explains how we handle your personal data.
        </p>
        <p>
          If you order on behalf of a business, you confirm that you are authorised to accept these terms for it. Some
          parts of these terms apply differently to consumers (people acting for purposes outside their trade or
          business); where that is the case, we say so.
        </p>
      </>
    ),
  },
  {
    id: 'our-services',
    title: 'Our services',
    body: (
      <>
        <p>
          We offer fixed-price IT consultations, each described on its own service page with its price and what it
          covers. When you request a service you choose how it is delivered:
        </p>
        <ul>
          <li>
            <strong>Video meeting</strong> with one of our consultants;
          </li>
          <li>
            <strong>Audio call</strong> with one of our consultants; or
          </li>
          <li>
            <strong>PDF report</strong> sent to the e-mail address on your account.
          </li>
        </ul>
        <p>
          Every service is delivered within one day after your payment is confirmed. For meetings and calls we contact
          you by e-mail within that day to agree a time; if you ask for a later time, the delivery follows your choice.
          Our advice is based on the information you give us, so please make sure it is accurate and complete, including
          any website address or application name you enter when ordering.
        </p>
        <p>
          Consultations provide professional advice and recommendations. Unless agreed separately in writing, they do
          not include carrying out the recommended work, ongoing support or access to your systems.
        </p>
      </>
    ),
  },
  {
    id: 'ordering-and-payment',
    title: 'Ordering and payment',
    body: (
      <>
        <p>
          Prices are shown in pounds sterling (£) and are the full price of the consultation. When you confirm an order
          we create an invoice and send you to our payment provider&rsquo;s secure page to pay. A contract between you
          and us is formed when your payment is confirmed; the invoice then shows as paid in your account.
        </p>
        <p>
          If payment fails or is not completed, the invoice stays unpaid and we have no obligation to deliver the
          service. You can see all your invoices and their status on the Invoices page of your account.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Payments are non-refundable',
    body: (
      <>
        <p>
          Because each consultation is prepared for you and delivered within one day after payment, all payments are
          non-refundable. By confirming your order you expressly ask us to begin the service immediately and acknowledge
          that, if you are a consumer, you lose your right to cancel under the Consumer Contracts (Information,
          Cancellation and Additional Charges) Regulations 2013 once the service has been fully performed.
        </p>
        <p>
          This does not affect your statutory rights. If we fail to deliver the service you paid for, or do not provide
          it with reasonable care and skill, tell us at {mail} and we will put it right by re-performing the service or,
          where that is not possible, by giving you an appropriate price reduction as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'support',
    title: 'Support',
    body: (
      <p>
        If you have a question about an order, a delivery or your account, e-mail {mail} or use our{' '}
        <Link href="/contact-us">contact page</Link>. Our support team replies within a few hours during UK business
        hours, and on the next business day for messages received in the evening or at weekends.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          You need an account to order a service. You must be at least 18 years old, give accurate details and keep them
          up to date on your profile page. You are responsible for keeping your password secret and for everything done
          through your account. If you think someone else has accessed it, change your password and tell us straight
          away.
        </p>
        <p>
          You may close your account at any time using the &ldquo;Delete Account&rdquo; link on your profile page. The
          request is confirmed by e-mail, and the account is deleted {ACCOUNT_DELETION_GRACE_DAYS} days later unless you
          sign in and cancel it. Records we must keep by law, such as invoices, are retained as described in our Privacy
          Policy.
        </p>
        <p>
          We may suspend or close an account that breaches these terms, with notice where reasonable. We will still
          deliver any consultation you have already paid for unless the breach makes that unlawful or unsafe.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When using this website and our services you must not:</p>
        <ul>
          <li>break any law, or use our advice to do something unlawful or harmful;</li>
          <li>try to gain unauthorised access to the site, our servers or other people&rsquo;s accounts;</li>
          <li>
            interfere with the site&rsquo;s operation, for example by overloading it, probing it for weaknesses without
            our written permission, or introducing malicious code;
          </li>
          <li>use automated tools to create accounts, scrape content or submit requests in bulk;</li>
          <li>impersonate another person or give us information you are not entitled to share;</li>
          <li>behave abusively towards our consultants or support staff.</li>
        </ul>
        <p>
          Where a consultation concerns systems you do not own, you confirm that you have the owner&rsquo;s permission
          to discuss them with us.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The website, its text, illustrations and design belong to us or our licensors. Reports and materials we deliver
        to you may be used, copied and shared freely within your own organisation and with suppliers working for you. We
        keep ownership of our general methods, templates and know-how, and may reuse them for other clients without
        including your confidential information.
      </p>
    ),
  },
  {
    id: 'confidentiality',
    title: 'Confidentiality',
    body: (
      <p>
        We treat the information you share with us about your organisation, systems and projects as confidential. We use
        it only to deliver your consultation and do not disclose it to anyone else, except to our staff and processors
        who need it for that purpose, or where the law requires.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          We provide our services with reasonable care and skill. Our advice is given on the basis of the information
          available to us at the time; decisions about whether and how to act on it remain yours, and results depend on
          how recommendations are implemented.
        </p>
        <p>
          If you are a business customer, our total liability to you arising from any consultation is limited to the
          price you paid for it, and we are not liable for loss of profits, revenue, data, business or goodwill, or for
          any indirect or consequential loss.
        </p>
        <p>
          If you are a consumer, we are responsible for loss or damage you suffer that is a foreseeable result of our
          breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not
          foreseeable, and we only supply our services for domestic and private use.
        </p>
        <p>
          Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence,
          for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded by law.
        </p>
      </>
    ),
  },
  {
    id: 'website-availability',
    title: 'Website availability',
    body: (
      <p>
        We work to keep this website available and accurate, but we do not guarantee that it will always be available,
        uninterrupted or free from errors. We may update, suspend or withdraw parts of it for maintenance or business
        reasons. Links to other websites are provided for convenience; we are not responsible for their content.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction
        over any dispute. If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings
        in your local courts. Before going to court, please contact us so that we can try to resolve the matter
        informally.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may change these terms from time to time, for example to reflect new services or changes in the law. Each
        version is numbered and dated at the top of this page. The version in force on the day you place an order
        applies to that order. If we make a significant change that affects your account, we will let you know by e-mail
        or by a notification in your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms can be sent to {mail} or through our <Link href="/contact-us">contact page</Link>.
      </p>
    ),
  },
];

export default function Terms() {
  usePageMeta(fixedPages['/terms']);
  return (
    <LegalDocument
      id="terms"
      sections={sections}
      header={
        <>
          <h1>Terms of Service</h1>
          <p className="legal__updated">{`Version ${TERMS_VERSION}, in force from ${TERMS_EFFECTIVE_DATE}`}</p>
          <p className="legal__intro">
            The rules for using this website and ordering our fixed-price consultations, written to be read and
            understood.
          </p>
        </>
      }
    />
  );
}
