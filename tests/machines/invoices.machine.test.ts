import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { invoicesMachine } from '#machines/invoices.machine';
import { invoice, invoicesSamples } from './accountSamples';
import { describePathTests } from './pathTest';

describePathTests({
  machine: invoicesMachine,
  ...invoicesSamples,
  check: (snapshot) => {
    if (snapshot.matches('loading')) expect(snapshot.children.loadInvoices).toBeDefined();
    // Only the list as loaded lets the page say there are no invoices; a failure keeps the list empty.
    if (snapshot.matches('unavailable')) expect(snapshot.context.invoices).toEqual([]);
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
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unavailable'));
  expect(actor.getSnapshot().context).toEqual({ invoices: [] });
  // Trying again loads the list once the server answers.
  fail = false;
  actor.send({ type: 'invoices.reload' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  expect(actor.getSnapshot().context.invoices).toEqual([invoice]);
});

it('starts with an empty list and loads it at once; with no server wired in the list read is empty', async () => {
  const actor = createActor(invoicesMachine);
  expect(actor.getSnapshot().context).toEqual({ invoices: [] });
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  expect(actor.getSnapshot().context).toEqual({ invoices: [] });
});
