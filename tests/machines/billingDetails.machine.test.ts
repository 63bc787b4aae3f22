import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { VAT_NUMBER_FORMAT_TEXT, VAT_NUMBER_NEEDS_BUYER_TEXT, type BillingValues } from '#domain/billing';
import type { BillingDetails } from '#domain/billingContract';
import { billingDetailsMachine, canSaveBilling } from '#machines/billingDetails.machine';
import { BUSINESS_BILLING, NO_BILLING, billingDetailsSamples } from './billingDetailsSamples';
import { describePathTests } from './pathTest';

describePathTests({ machine: billingDetailsMachine, ...billingDetailsSamples });

it('with no server wired in, the read fails and says which call is missing; "Try again" reads again', async () => {
  const actor = createActor(billingDetailsMachine).start();
  expect(actor.getSnapshot().value).toBe('loading');
  // The card reads its tags: a spinner while loading, the error and "Try again" when failed.
  expect([...actor.getSnapshot().tags]).toEqual(['loading']);
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
  expect([...actor.getSnapshot().tags]).toEqual(['failed']);
  expect(actor.getSnapshot().context.error).toBe('loadBilling is not provided');
  actor.send({ type: 'billing.retry' });
  expect(actor.getSnapshot().value).toBe('loading');
  expect(actor.getSnapshot().context.error).toBeNull();
});

it('billing details: judged while typed, saved only when changed and valid, a refusal keeps what was typed', async () => {
  const sent: BillingValues[] = [];
  const announced = vi.fn();
  let refuse = true;
  const actor = createActor(
    billingDetailsMachine.provide({
      actors: {
        loadBilling: fromPromise(async () => NO_BILLING),
        saveBilling: fromPromise(async ({ input }: { input: BillingValues }): Promise<BillingDetails> => {
          sent.push(input);
          if (refuse) throw new Error(VAT_NUMBER_FORMAT_TEXT);
          return BUSINESS_BILLING;
        }),
      },
      actions: { announceSaved: announced },
    }),
  ).start();
  const context = () => actor.getSnapshot().context;
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
  // The form shows while editing and while saving, and only saving disables it.
  expect([...actor.getSnapshot().tags]).toEqual(['form']);
  expect(context()).toEqual({
    saved: NO_BILLING,
    values: { billingName: '', address: '', vatNumber: '' },
    errors: {},
    error: null,
  });
  // Nothing changed: nothing to save. Spaces alone are no change either.
  actor.send({ type: 'billing.submit' });
  actor.send({ type: 'billing.change', field: 'billingName', value: '   ' });
  actor.send({ type: 'billing.submit' });
  expect(actor.getSnapshot().value).toBe('editing');

  actor.send({ type: 'billing.change', field: 'vatNumber', value: 'gb 123 456 789' });
  expect(context().errors).toEqual({ vatNumber: VAT_NUMBER_NEEDS_BUYER_TEXT });
  actor.send({ type: 'billing.submit' });
  expect(actor.getSnapshot().value).toBe('editing');
  actor.send({ type: 'billing.change', field: 'billingName', value: ' Ada Analytics Ltd ' });
  actor.send({ type: 'billing.change', field: 'address', value: '1 Main Street\n\nLondon ' });
  expect(context().errors).toEqual({});
  const typed = {
    billingName: ' Ada Analytics Ltd ',
    address: '1 Main Street\n\nLondon ',
    vatNumber: 'gb 123 456 789',
  };

  actor.send({ type: 'billing.submit' });
  expect(actor.getSnapshot().value).toBe('saving');
  expect([...actor.getSnapshot().tags].sort()).toEqual(['form', 'saving']);
  // Nothing is typed while the details are on their way.
  actor.send({ type: 'billing.change', field: 'billingName', value: 'lost' });
  await vi.waitFor(() => expect(context().error).toBe(VAT_NUMBER_FORMAT_TEXT));
  expect(actor.getSnapshot().value).toBe('editing');
  expect(context().values).toEqual(typed);
  expect(context().saved).toEqual(NO_BILLING);
  expect(announced).not.toHaveBeenCalled();
  // The next change clears the refusal.
  actor.send({ type: 'billing.change', field: 'address', value: '1 Main Street\nLondon' });
  expect(context().error).toBeNull();

  refuse = false;
  actor.send({ type: 'billing.submit' });
  await vi.waitFor(() => expect(announced).toHaveBeenCalledTimes(1));
  expect(sent).toEqual([typed, { ...typed, address: '1 Main Street\nLondon' }]);
  // What the server kept, in its normal form.
  expect(context()).toEqual({
    saved: BUSINESS_BILLING,
    values: { billingName: 'Ada Analytics Ltd', address: '1 Main Street\nLondon', vatNumber: 'GB123456789' },
    errors: {},
    error: null,
  });
  actor.send({ type: 'billing.submit' });
  expect(actor.getSnapshot().value).toBe('editing');
  // Clearing every field is a change, and allowed.
  for (const field of ['billingName', 'address', 'vatNumber'] as const)
    actor.send({ type: 'billing.change', field, value: '' });
  expect(actor.getSnapshot().can({ type: 'billing.submit' })).toBe(true);
});

it('with no save wired in, saving fails, says which call is missing and keeps what was typed', async () => {
  const actor = createActor(
    billingDetailsMachine.provide({ actors: { loadBilling: fromPromise(async () => NO_BILLING) } }),
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
  actor.send({ type: 'billing.change', field: 'billingName', value: 'Ada Analytics Ltd' });
  actor.send({ type: 'billing.submit' });
  await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('saveBilling is not provided'));
  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.values.billingName).toBe('Ada Analytics Ltd');
  // Sent again as it is, the refusal goes while the details are on their way.
  actor.send({ type: 'billing.submit' });
  expect(actor.getSnapshot().value).toBe('saving');
  expect(actor.getSnapshot().context.error).toBeNull();
});

it('nothing can be saved before the saved details are known', () => {
  const values = { billingName: 'Ada Analytics Ltd', address: '', vatNumber: '' };
  expect(canSaveBilling({ saved: null, values, errors: {} })).toBe(false);
  expect(canSaveBilling({ saved: NO_BILLING, values, errors: {} })).toBe(true);
});
