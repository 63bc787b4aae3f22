import { wizardSamples } from '../model/samples';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderErrorMessage, wizardMachine, type OrderInput } from '../../machines/wizard.machine';
import { describePathTests } from './pathTest';

const service = { title: 'Website Development Consultation', price: 49 };
const steps = ['review', 'information', 'delivery', 'confirmation'];

describePathTests({
  machine: wizardMachine,
  inputs: [{ service }],
  ...wizardSamples,
  errors: { createInvoice: [new Error('The price of this service has changed.'), new Error(''), 'not an error'] },
  // The step, the choices and whether a URL is typed shape the wizard; the exact text does not.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      appChoice: snapshot.context.appChoice,
      hasUrl: snapshot.context.websiteUrl.trim() !== '',
      serviceType: snapshot.context.serviceType,
    }),
  check: (snapshot) => {
    // An existing website without its URL never gets past Information.
    if (
      (['delivery', 'confirmation', 'checkingOut'] as const).some((s) => snapshot.matches(s)) &&
      snapshot.context.appChoice === 'existing'
    ) {
      expect(snapshot.context.websiteUrl.trim()).not.toBe('');
    }
  },
});

describe('wizard: the order it sends', () => {
  function start(createInvoice: (input: OrderInput) => Promise<{ paymentLink: string }>) {
    const goToPayment = vi.fn();
    const showError = vi.fn();
    const actor = createActor(
      wizardMachine.provide({
        actors: { createInvoice: fromPromise(({ input }) => createInvoice(input)) },
        actions: {
          goToPayment: (_, { paymentLink }) => goToPayment(paymentLink),
          showError: (_, { message }) => showError(message),
        },
      }),
      { input: { service } },
    ).start();
    return { actor, goToPayment, showError };
  }

  it('moves by one step and never past the ends', () => {
    const { actor } = start(async () => ({ paymentLink: '' }));
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toBe('review');
    for (const step of steps.slice(1)) {
      actor.send({ type: 'wizard.next' });
      expect(actor.getSnapshot().value).toBe(step);
    }
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().value).toBe('confirmation');
    for (const step of steps.slice(0, 3).reverse()) {
      actor.send({ type: 'wizard.back' });
      expect(actor.getSnapshot().value).toBe(step);
    }
  });

  it('sends the catalogue price, the chosen type and the trimmed URL, then goes to the payment link', async () => {
    const createInvoice = vi.fn(async (_input: OrderInput) => ({ paymentLink: 'http://pay.example/1' }));
    const { actor, goToPayment } = start(createInvoice);
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.chooseApp', choice: 'existing' });
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().value).toBe('information'); // the URL is required
    actor.send({ type: 'wizard.changeUrl', value: '  shop.example.com ' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.chooseType', serviceType: 'Phone Call' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.confirm' });
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledWith('http://pay.example/1'));
    expect(createInvoice).toHaveBeenCalledWith({
      amount: 49,
      title: 'Website Development Consultation',
      type: 'Phone Call',
      url: 'shop.example.com',
    });
  });

  it("sends no URL when there is no website, and defaults to 'PDF Sent to Email'", async () => {
    const createInvoice = vi.fn(async (_input: OrderInput) => ({ paymentLink: 'x' }));
    const { actor } = start(createInvoice);
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.chooseApp', choice: 'existing' });
    actor.send({ type: 'wizard.changeUrl', value: 'typed then changed my mind' });
    actor.send({ type: 'wizard.chooseApp', choice: 'none' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.confirm' });
    await vi.waitFor(() => expect(createInvoice).toHaveBeenCalled());
    expect(createInvoice.mock.calls[0]![0]).toMatchObject({ type: 'PDF Sent to Email', url: '' });
  });

  it('on failure clears loading and shows the error toast text', async () => {
    const { actor, showError } = start(async () => {
      throw new Error('Unknown service.');
    });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.confirm' });
    await vi.waitFor(() => expect(showError).toHaveBeenCalledWith('Unknown service.'));
    expect(actor.getSnapshot().value).toBe('confirmation');
  });

  it.each([
    [new Error('From the server'), 'From the server'],
    [new Error(''), 'Something went wrong.'],
    [{ weird: true }, 'Something went wrong.'],
  ])('error text for %j', (error, text) => {
    expect(orderErrorMessage(error)).toBe(text);
  });
});
