/**
 * What the order wizard computes, in a file of its own that imports the machine before each test and has no
 * generated paths: a machine that cannot be built or explored then fails these tests instead of a file's
 * collection, which the mutation runner would not count as a failure (wizard.machine.test.ts has the paths).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type * as WizardModule from '../../machines/wizard.machine';
import type { OrderInput } from '../../machines/wizard.machine';
import { ApiError } from '../../src/api/errors';

let wizard: typeof WizardModule;
beforeEach(async () => {
  wizard = await import('../../machines/wizard.machine');
});

const service = { title: 'Cyber Security Audit', price: 79 };

function start(createInvoice: (input: OrderInput) => Promise<{ paymentLink: string }>) {
  return createActor(
    wizard.wizardMachine.provide({ actors: { createInvoice: fromPromise(({ input }) => createInvoice(input)) } }),
    { input: { service } },
  ).start();
}

describe('wizard: the order draft', () => {
  it('starts on Review with the service, no website and the default delivery', () => {
    const actor = start(async () => ({ paymentLink: 'x' }));
    expect(actor.getSnapshot().value).toBe('review');
    expect(actor.getSnapshot().context).toEqual({
      service,
      appChoice: 'none',
      websiteUrl: '',
      serviceType: 'PDF Sent to Email',
      error: null,
    });
  });

  it('keeps the URL as typed and sends it trimmed while the invoice is created', () => {
    const createInvoice = vi.fn((_input: OrderInput) => new Promise<{ paymentLink: string }>(() => {}));
    const actor = start(createInvoice);
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.chooseApp', choice: 'existing' });
    actor.send({ type: 'wizard.changeUrl', value: ' shop.example.com ' });
    expect(actor.getSnapshot().context.websiteUrl).toBe(' shop.example.com ');
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.confirm' });
    expect(actor.getSnapshot().value).toBe('checkingOut');
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['createInvoice']);
    expect(createInvoice).toHaveBeenCalledWith({
      amount: 79,
      title: 'Cyber Security Audit',
      type: 'PDF Sent to Email',
      url: 'shop.example.com',
    });
  });

  it('a URL of blanks counts as none: Information stays', () => {
    const actor = start(async () => ({ paymentLink: 'x' }));
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.chooseApp', choice: 'existing' });
    actor.send({ type: 'wizard.changeUrl', value: '   ' });
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().value).toBe('information');
  });
});

describe('wizard: the error toast text', () => {
  it.each([
    // The server's words win over the HTTP client's.
    [new ApiError('Request failed with status code 409', 409, 'The price has changed.'), 'The price has changed.'],
    // A server text of blanks says nothing: the client's words show.
    [new ApiError('Request failed with status code 500', 500, '  '), 'Request failed with status code 500'],
    [new ApiError('Network Error', 0, null), 'Network Error'],
    [new Error('   '), 'Something went wrong.'],
    ['a string thrown', 'Something went wrong.'],
    [undefined, 'Something went wrong.'],
  ])('for %s is %j', (error, text) => {
    expect(wizard.orderErrorMessage(error)).toBe(text);
  });
});

describe('wizard: without its actor provided', () => {
  it('the error names the missing actor', async () => {
    const actor = createActor(wizard.wizardMachine, { input: { service } }).start();
    for (let step = 0; step < 3; step += 1) actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('createInvoice is not provided'));
  });
});
