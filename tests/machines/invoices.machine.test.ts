import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { invoicesMachine } from '../../machines/invoices.machine';
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

it('a failed reload leaves an empty list, with no error to show, and does not count as loaded', async () => {
  let calls = 0;
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(async () => {
          calls += 1;
          if (calls > 1) throw new Error('Network Error');
          return [invoice];
        }),
      },
    }),
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().context.invoices).toEqual([invoice]));
  actor.send({ type: 'invoices.reload' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unavailable'));
  expect(actor.getSnapshot().context).toEqual({ invoices: [] });
  // Trying again loads the list once the server answers.
  calls = 0;
  actor.send({ type: 'invoices.reload' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  expect(actor.getSnapshot().context.invoices).toEqual([invoice]);
});
