import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Invoice } from '#domain/contract';
import { invoicesMachine } from '#machines/invoices.machine';
import { invoice, invoicesSamples, unpaidInvoice } from './accountSamples';
import { describePathTests } from './pathTest';

describePathTests({
  machine: invoicesMachine,
  ...invoicesSamples,
  check: (snapshot) => {
    if (snapshot.matches('loading')) expect(snapshot.children.loadInvoices).toBeDefined();
    // Only the list as loaded lets the page say there are no invoices; a failure keeps the list empty.
    if (snapshot.matches('unavailable')) expect(snapshot.context.invoices).toEqual([]);
    // Pay now names its invoice while the link is made, and only then.
    if (snapshot.matches('paying')) {
      expect(snapshot.children.renewPaymentLink).toBeDefined();
      expect(snapshot.context.paying).toBe(unpaidInvoice._id);
    }
    if (snapshot.matches('loaded') || snapshot.matches('unavailable')) expect(snapshot.context.paying).toBeNull();
  },
});

it('a failed load leaves an empty list, with no error to show, not counted as loaded; reloading tries again', async () => {
  let fail = true;
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(async () => {
          if (fail) throw new Error('Network Error');
          return [invoice];
        }),
      },
    }),
    { input: {} },
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unavailable'));
  expect(actor.getSnapshot().context).toEqual({ invoices: [], notice: null, paying: null });
  // Trying again loads the list once the server answers.
  fail = false;
  actor.send({ type: 'invoices.reload' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  expect(actor.getSnapshot().context.invoices).toEqual([invoice]);
});

it('starts with an empty list and loads it at once; with no server wired in the list read is empty', async () => {
  const actor = createActor(invoicesMachine, { input: {} });
  expect(actor.getSnapshot().context).toEqual({ invoices: [], notice: null, paying: null });
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  expect(actor.getSnapshot().context).toEqual({ invoices: [], notice: null, paying: null });
});

it('back from a checkout, the notice says how it ended whatever the list does, until dismissed', async () => {
  for (const returned of ['paid', 'cancelled'] as const) {
    const actor = createActor(
      invoicesMachine.provide({
        actors: {
          loadInvoices: fromPromise<Invoice[]>(async () => {
            throw new Error('Network Error');
          }),
        },
      }),
      { input: { returned } },
    ).start();
    expect(actor.getSnapshot().context.notice).toBe(returned);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unavailable'));
    expect(actor.getSnapshot().context.notice).toBe(returned);
    actor.send({ type: 'invoices.dismissNotice' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  }
});

it('the notice is dismissed as well while the list loads, once it is shown, and while a link is made', async () => {
  let loaded: (list: Invoice[]) => void = () => {};
  const machine = invoicesMachine.provide({
    actors: {
      loadInvoices: fromPromise<Invoice[]>(() => new Promise((resolve) => (loaded = resolve))),
      // Never answers: the page stays on the way to the checkout.
      renewPaymentLink: fromPromise<{ paymentLink: string }, { invoiceId: string }>(() => new Promise(() => {})),
    },
  });
  const dismissedIn = async (state: 'loading' | 'loaded' | 'paying') => {
    const actor = createActor(machine, { input: { returned: 'paid' } }).start();
    if (state !== 'loading') {
      loaded([invoice, unpaidInvoice]);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    }
    if (state === 'paying') actor.send({ type: 'invoices.pay', invoiceId: unpaidInvoice._id });
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().context.notice).toBe('paid');
    actor.send({ type: 'invoices.dismissNotice' });
    expect(actor.getSnapshot().value).toBe(state);
    return actor.getSnapshot().context.notice;
  };
  for (const state of ['loading', 'loaded', 'paying'] as const) expect(await dismissedIn(state), state).toBeNull();
});

it('Pay now leaves for the fresh link of that invoice; a failure toasts its text and keeps the list', async () => {
  const asked: string[] = [];
  const left: string[] = [];
  const toasts: string[] = [];
  let fail = true;
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(async () => [invoice, unpaidInvoice]),
        renewPaymentLink: fromPromise(async ({ input }) => {
          asked.push(input.invoiceId);
          if (fail) throw new Error('The payment service could not be reached.');
          return { paymentLink: `https://pay.test/${input.invoiceId}` };
        }),
      },
      actions: {
        goToPayment: (_, { paymentLink }) => left.push(paymentLink),
        showError: (_, { message }) => toasts.push(message),
      },
    }),
    { input: {} },
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  actor.send({ type: 'invoices.pay', invoiceId: unpaidInvoice._id });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  expect(toasts).toEqual(['The payment service could not be reached.']);
  expect(actor.getSnapshot().context).toMatchObject({ invoices: [invoice, unpaidInvoice], paying: null });
  expect(left).toEqual([]);

  fail = false;
  actor.send({ type: 'invoices.pay', invoiceId: unpaidInvoice._id });
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(asked).toEqual(['inv-2', 'inv-2']);
  expect(left).toEqual(['https://pay.test/inv-2']);
});
