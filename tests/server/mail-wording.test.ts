/**
 * The words of the mails the site sends, whole: the code mails, the deletion notice, the office's order and form
 * mails, and the customer's call, report and delivery mails. Each plain text is pinned line by line, and its HTML
 * must say the same sentences, so a sentence dropped or changed in either fails here. What a mail says when it is
 * queued and sent is tested where it is sent (mail.test.ts, office-mail.test.ts, booking-mails.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { company } from '#domain/company';
import { REMOVE_OTHER_SIGN_INS_LABEL } from '#domain/contract';
import {
  deletionRequestedMail,
  emailChangeCodeMail,
  newEmailCodeMail,
  ownerProofCodeMail,
  passwordResetCodeMail,
  signInCodeMail,
  signUpVerificationMail,
  verificationCodeMail,
} from '#server/mail/messages';
import { contactFormMail, formMailHeldMail, youthApplicationMail } from '#server/mail/office-forms';
import {
  callScheduledMail,
  officeNewOrderMail,
  officeReminderMail,
  orderDeliveredMail,
  reportSentMail,
} from '#server/mail/order-messages';
import { receiptMail } from '#server/invoices/receipt-mail';
import { sampleDocument } from './invoice-document-sample';
import { expectWords, htmlWords } from './mail-words';

const AT = new Date('2027-03-04T15:00:00Z');
const WHEN = 'Thursday, 4 March 2027 at 15:00 GMT (London time)';
const SITE = 'https://site.example';
const SIGNED = `— ${company.name}`;
const SUPPORT = company.supportEmail;

describe('the code mails', () => {
  const code = (
    greeting: string,
    purpose: string,
    ignore: string,
    expires = 'It expires in 15 minutes and works once.',
  ) => [greeting, '', `${purpose} Your code is:`, '', '    123456', '', expires, ignore, '', SIGNED];

  it('a password reset names the other ways in, which the reset alone leaves working', () => {
    const purpose = 'Someone (we hope you) asked to reset the password of your account.';
    const ignore = 'If you did not ask for it, ignore this message: your password stays as it is.';
    const others =
      ' This account can also be signed in to with Google (ada@gmail.com), a passkey. If that is not yours, tick ' +
      `"${REMOVE_OTHER_SIGN_INS_LABEL}" when you choose your new password.`;
    const linked = ['Google (ada@gmail.com)', 'a passkey'];
    const mail = passwordResetCodeMail({ to: 'a@example.com', name: 'Ada', code: '123456', minutes: 15, linked });
    expect(mail.subject).toBe(`Your ${company.name} password reset code`);
    expectWords(mail, code('Hello Ada,', purpose, ignore + others), [`${purpose} Your code is:`, ignore + others]);
    const alone = passwordResetCodeMail({ to: 'a@example.com', name: null, code: '123456', minutes: 15 });
    expectWords(alone, code('Hello,', purpose, ignore), [ignore]);
    expect(passwordResetCodeMail({ to: 'a@example.com', name: null, code: '1', minutes: 15, linked: [] }).text).toBe(
      passwordResetCodeMail({ to: 'a@example.com', name: null, code: '1', minutes: 15 }).text,
    );
  });

  it('the sign-in code says why it is asked for, and what to do if it was not the owner', () => {
    const purpose =
      'Someone (we hope you) signed in to your account with its password. Many failed sign-ins were tried on it ' +
      'today, so we ask for this code as well.';
    const ignore = 'If it was not you, change your password: someone knows it.';
    const mail = signInCodeMail({ to: 'a@example.com', name: 'Ada', code: '123456', minutes: 15 });
    expect(mail.subject).toBe(`Your ${company.name} sign-in code`);
    expectWords(mail, code('Hello Ada,', purpose, ignore), [
      purpose,
      ignore,
      'It expires in 15 minutes and works once.',
    ]);
  });

  it('the address checks greet nobody by name: the address is not yet proven', () => {
    const verify = verificationCodeMail({ to: 'a@example.com', code: '123456', minutes: 15 });
    const purpose = 'Enter this code on the site to confirm that this e-mail address is yours.';
    const ignore = 'If you did not ask for it, you can ignore this message.';
    expect(verify.subject).toBe(`Verify your e-mail address for ${company.name}`);
    expectWords(verify, code('Hello,', purpose, ignore), [purpose, ignore]);

    const welcome = signUpVerificationMail({ to: 'a@example.com', code: '123456', minutes: 15 });
    expect(welcome.text.split('\n')[0]).toBe('Hello,');

    const fresh = newEmailCodeMail({ to: 'b@example.com', code: '123456', minutes: 15 });
    const asked =
      'Someone (we hope you) asked to use this e-mail address for their account. Enter this code on the profile ' +
      'page to confirm that it is yours.';
    const unused = 'If you did not ask for it, ignore this message: no account will use this address.';
    expect(fresh.subject).toBe(`Confirm your new ${company.name} e-mail address`);
    expectWords(fresh, code('Hello,', asked, unused), [asked, unused]);
  });

  it('an e-mail change and a change of the ways in ask for the code on the profile page', () => {
    const change = emailChangeCodeMail({ to: 'a@example.com', name: 'Ada', code: '123456', minutes: 15 });
    const purpose =
      'Someone (we hope you) asked to change the e-mail address of your account. Enter this code on the profile ' +
      'page to confirm it.';
    const ignore = 'If you did not ask for it, do not give this code to anyone: your address stays as it is.';
    expect(change.subject).toBe(`Confirm the change of your ${company.name} e-mail address`);
    expectWords(change, code('Hello Ada,', purpose, ignore), [purpose, ignore]);

    const owner = ownerProofCodeMail({ to: 'a@example.com', name: 'Ada', code: '123456', minutes: 15 });
    const how =
      'Someone (we hope you) asked to change how your account signs in (its authenticator app or its passkeys). ' +
      'Enter this code on the profile page to confirm it.';
    const nothing = 'If you did not ask for it, do not give this code to anyone: nothing changes without it.';
    expect(owner.subject).toBe(`Confirm the change of your ${company.name} sign-in`);
    expectWords(owner, code('Hello Ada,', how, nothing, 'The code expires in 15 minutes.'), [
      `${how} Your code is: 123456 The code expires in 15 minutes. ${nothing}`,
    ]);
  });
});

it('the deletion notice gives the day, what is kept, and how to keep the account', () => {
  const mail = deletionRequestedMail({ to: 'a@example.com', name: 'Ada', on: AT, publicUrl: SITE });
  expect(mail.subject).toBe(`Your ${company.name} account will be deleted on 4 March 2027`);
  expectWords(
    mail,
    [
      'Hello Ada,',
      '',
      'As you asked, your account and its data (profile, notifications, unpaid invoices) will be deleted on 4 March 2027.',
      'Paid invoices are kept for 6 years, as the law requires, without your name or e-mail address.',
      `To keep your account, sign in before then and cancel the deletion: ${SITE}/signin`,
      `If you did not ask for this, sign in and cancel it, then change your password, or write to ${SUPPORT}.`,
      '',
      SIGNED,
    ],
    [
      'will be deleted on 4 March 2027 .',
      'Paid invoices are kept for 6 years, as the law requires, without your name or e-mail address.',
      'To keep your account, sign in before then and cancel the deletion.',
      `If you did not ask for this, sign in and cancel it, then change your password, or write to ${SUPPORT} .`,
    ],
  );
  expect(mail.html).toContain(`<a href="${SITE}/signin">sign in</a>`);
});

describe("the office's mails", () => {
  const order = {
    to: 'office@example.com',
    invoiceId: 'inv-1',
    customer: { name: 'Ada', email: 'a@example.com' },
    title: 'Cloud Review',
    type: 'Video Meeting',
    url: 'shop.example',
    amountPence: 4900,
    paidAt: AT,
    deadline: AT,
    provider: 'stripe',
    publicUrl: SITE,
  };

  it('a paid order lists everything the office needs, and links to it', () => {
    const mail = officeNewOrderMail(order);
    expect(mail.subject).toBe('New order: Cloud Review (Video meeting)');
    expectWords(
      mail,
      [
        `A new order was paid. We promised to deliver it by ${WHEN}.`,
        '',
        'Customer: Ada <a@example.com>',
        'Service: Cloud Review',
        'Delivery: Video meeting',
        'App URL: shop.example',
        'Amount: £49.00',
        `Paid: ${WHEN}`,
        `Deliver by: ${WHEN}`,
        'Order: inv-1',
        '',
        `Open it in the office: ${SITE}/office?order=inv-1`,
        '',
        SIGNED,
      ],
      [`A new order was paid. We promised to deliver it by ${WHEN}.`, 'App URL shop.example', 'Open it in the office'],
    );
    const sandbox = officeNewOrderMail({ ...order, customer: null, url: '', provider: 'sandbox' }).text;
    expect(sandbox).toContain('\nCustomer: (account deleted)\n');
    expect(sandbox).toContain('\nApp URL: (none given)\n');
    expect(sandbox).toContain('\nAmount: £49.00 (test payment: no money moved)\n');
  });

  it('the reminder says the promise runs out', () => {
    const mail = officeReminderMail(order);
    expect(mail.subject).toBe(`Reminder: Cloud Review is due by ${WHEN}`);
    const lead = `This order is neither scheduled nor delivered, and our one-day promise runs out at ${WHEN}.`;
    expect(mail.text.split('\n')[0]).toBe(lead);
    expect(htmlWords(mail)).toContain(lead);
  });

  it('a contact message and a youth application name their form, and answering reaches the sender', () => {
    const contact = contactFormMail('office@example.com', {
      name: 'Ada',
      email: 'a@example.com',
      message: 'Hello there',
    } as Parameters<typeof contactFormMail>[1]);
    expect(contact).toMatchObject({ subject: 'Contact form: Ada', replyTo: 'a@example.com' });
    expectWords(
      contact,
      [
        'Hello office,',
        '',
        'A message came through the contact form on the website.',
        '',
        'Name: Ada',
        'E-mail: a@example.com',
        '',
        'Hello there',
        '',
        'Reply to this mail to answer the sender.',
        '',
        SIGNED,
      ],
      ['A message came through the contact form on the website.', 'Name Ada', 'Hello there', 'Reply to this mail'],
    );
    const youth = youthApplicationMail('office@example.com', {
      fullName: 'Bo',
      emailAddress: 'b@example.com',
      phoneNumber: '+44 7700 900000',
      age: 19,
      joinCause: 'I like code',
    } as Parameters<typeof youthApplicationMail>[1]);
    expect(youth).toMatchObject({ subject: 'Youth programme application: Bo', replyTo: 'b@example.com' });
    expect(youth.text.split('\n').slice(2, 9)).toEqual([
      'A message came through the youth programme application form on the website.',
      '',
      'Name: Bo',
      'E-mail: b@example.com',
      'Phone: +44 7700 900000',
      'Age: 19',
      '',
    ]);
  });

  it('held form mail says how many an hour pass, from when, and that none is lost', () => {
    const mail = formMailHeldMail('office@example.com', { perHour: 30, firstHeldUntil: AT });
    const lead = "More than 30 messages came through the website's forms within an hour.";
    const rest =
      `The ones beyond that are kept and will reach you from ${WHEN}, at most 30 an hour: none is lost. A sudden ` +
      "flood is often automated; the senders' addresses are in each message.";
    expect(mail.subject).toBe('Form messages are being held: more than usual came in');
    expectWords(mail, ['Hello office,', '', lead, '', rest, '', SIGNED], [lead, rest]);
  });
});

describe("the customer's order mails", () => {
  const call = {
    to: 'a@example.com',
    name: 'Ada',
    title: 'Cloud Review',
    type: 'Video Meeting',
    at: AT,
    join: 'https://meet.example/x',
    publicUrl: SITE,
  };

  it('a moved call that is late says sorry and why, and gives the booking link', () => {
    const mail = callScheduledMail({
      ...call,
      reason: 'The consultant was ill.',
      moved: true,
      calendar: null,
      bookingUrl: `${SITE}/booking/tok`,
    });
    const late =
      'This is later than our promise to deliver within one day after payment, and we are sorry: The consultant was ill.';
    const change = 'To change the time or cancel, open this link (no sign-in needed):';
    expect(mail.subject).toBe(`Your video meeting for Cloud Review has moved to ${WHEN}`);
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        `We have moved your video meeting for Cloud Review. The new time is ${WHEN}.`,
        '',
        'How to join: https://meet.example/x',
        '',
        late,
        '',
        change,
        `${SITE}/booking/tok`,
        '',
        'You can add the call to your calendar from your invoices page.',
        `Your invoices: ${SITE}/invoices`,
        '',
        SIGNED,
      ],
      [late, `${change} ${SITE}/booking/tok`, 'You can add the call to your calendar from your invoices page.'],
    );
    expect(mail.html).toContain(`<a href="${SITE}/booking/tok">`);
  });

  it('a call booked on time has no apology and no link to change it, and its invitation is attached', () => {
    const calendar = { method: 'REQUEST', content: 'BEGIN:VCALENDAR' } as Parameters<
      typeof callScheduledMail
    >[0]['calendar'];
    const mail = callScheduledMail({ ...call, reason: null, moved: false, calendar });
    expect(mail.subject).toBe(`Your video meeting for Cloud Review is booked for ${WHEN}`);
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        `Your video meeting for Cloud Review is booked for ${WHEN}.`,
        '',
        'How to join: https://meet.example/x',
        '',
        'The calendar invitation is attached: open it to add the call to your calendar.',
        `Your invoices: ${SITE}/invoices`,
        '',
        SIGNED,
      ],
      ['The calendar invitation is attached: open it to add the call to your calendar.'],
    );
    expect(mail.calendar).toBe(calendar);
    expect(htmlWords(mail)).not.toContain('sorry');
    expect(htmlWords(mail)).not.toContain('no sign-in needed');
  });

  it('the report is attached, named, and can be downloaded again', () => {
    const report = new Uint8Array([37, 80, 68, 70]);
    const mail = reportSentMail({
      to: 'a@example.com',
      name: 'Ada',
      title: 'Cloud Review',
      fileName: 'Cloud.pdf',
      report,
      publicUrl: SITE,
    });
    expect(mail.subject).toBe('Your report: Cloud Review');
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        'Your report for Cloud Review is attached to this message (Cloud.pdf).',
        `You can also download it from your invoices: ${SITE}/invoices`,
        `If you have questions about it, write to ${SUPPORT}.`,
        '',
        SIGNED,
      ],
      [
        'Your report for Cloud Review is attached to this message (Cloud.pdf).',
        'You can also download it from your invoices .',
        `If you have questions about it, write to ${SUPPORT} .`,
      ],
    );
    expect(mail.attachments).toEqual([{ filename: 'Cloud.pdf', contentType: 'application/pdf', content: report }]);
  });

  it('the delivery thanks the customer and gives the day', () => {
    const mail = orderDeliveredMail({
      to: 'a@example.com',
      name: 'Ada',
      title: 'Cloud Review',
      deliveredAt: AT,
      publicUrl: SITE,
    });
    const lead = `Your order for Cloud Review was delivered on Thursday, 4 March 2027. Thank you for choosing ${company.name}.`;
    expect(mail.subject).toBe('Delivered: Cloud Review');
    expectWords(
      mail,
      ['Hello Ada,', '', lead, `Your invoices: ${SITE}/invoices`, `Questions? Write to ${SUPPORT}.`, '', SIGNED],
      [lead, 'Your invoices', `Questions? Write to ${SUPPORT} .`],
    );
  });
});

describe('the receipt', () => {
  const paid = { to: 'ada@example.com', name: 'Ada', title: 'Website Development Consultation', publicUrl: SITE };

  it('of a VAT invoice: the VAT split, the app, the PDF attached, the seller with its numbers', () => {
    const pdf = new Uint8Array([37, 80, 68, 70]);
    const mail = receiptMail({
      ...paid,
      type: 'PDF Sent to Email',
      url: 'https://app.example',
      document: sampleDocument(),
      pdf,
    });
    expect(mail.subject).toBe('Receipt: Website Development Consultation (£1480.80)');
    const thanks = 'Thank you: we have received your payment. We will deliver within one day.';
    const attached = 'The VAT invoice is attached as a PDF.';
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        thanks,
        '',
        'Service: Website Development Consultation',
        'Delivery: Report sent by e-mail',
        'App URL: https://app.example',
        'Net: £1234.00',
        'VAT (20%): £246.80',
        'Amount paid: £1480.80',
        'Paid on: 25 November 2026',
        'VAT invoice number: NG-2026-000042',
        '',
        attached,
        `Your invoices: ${SITE}/invoices`,
        '',
        'Northgate IT Consulting Ltd',
        '12 Harbour Street',
        'Leeds',
        'LS1 4AB',
        'United Kingdom',
        'Company number 09876543',
        'VAT number GB123456789',
        '',
        SIGNED,
      ],
      [thanks, 'App URL', attached, 'Your invoices', 'Company number 09876543', 'VAT number GB123456789'],
    );
    expect(mail.attachments).toEqual([
      { filename: 'NG-2026-000042.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('of a receipt paid in the sandbox: no VAT, no app, nothing attached, a seller without numbers', () => {
    const seller = { ...sampleDocument().seller, companyNumber: null, vatNumber: null };
    const document = sampleDocument({ kind: 'receipt', test: true, seller });
    const mail = receiptMail({ ...paid, type: 'Phone Call', url: '', document });
    const test = 'This was a test payment in the sandbox checkout: no money moved. Test — not a tax document.';
    expect(mail.text.split('\n').slice(2, 11)).toEqual([
      'Thank you: we have received your payment. We will deliver within one day.',
      test,
      '',
      'Service: Website Development Consultation',
      'Delivery: Audio call',
      'Amount paid: £1480.80',
      'Paid on: 25 November 2026',
      'Receipt number: NG-2026-000042',
      '',
    ]);
    expect(mail.text).not.toMatch(/attached|Company number|VAT/);
    expect(htmlWords(mail)).toContain(test);
    expect(htmlWords(mail)).not.toMatch(/attached|Company number|VAT/);
    expect(mail.attachments).toBeUndefined();
  });
});
