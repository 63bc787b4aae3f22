import { wizardSamples } from './samples';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ORDER_FALLBACK_ERROR, orderErrorMessage, wizardMachine, type OrderInput } from '#machines/wizard.machine';
import { ApiError, CLIENT_MESSAGES } from '#src/api/errors';
import { describePathTests } from './pathTest';

const service = { title: 'Website Development Consultation', price: 49 };
const steps = ['review', 'information', 'delivery', 'confirmation'];

/**
 * The failures an order can meet, each with the toast text it must give: the server's message.en first,
 * else the error's own message (the HTTP client's words), else the fallback.
 */
const orderFailures: [unknown, string][] = [
  [
    new ApiError('The price of this service has changed.', 409, 'The price of this service has changed.'),
    'The price of this service has changed.',
  ],
  [new ApiError(CLIENT_MESSAGES.status(502), 502), 'Request failed with status code 502'],
  [new ApiError(CLIENT_MESSAGES.network, 0), 'Network Error'],
  // With no stored token the call fails at once with an empty error.
  [new ApiError('', 401), ORDER_FALLBACK_ERROR],
  [new Error(''), ORDER_FALLBACK_ERROR],
  ['not an error', ORDER_FALLBACK_ERROR],
];
const toastTexts = new Set<string>();
/** Other failures told apart only by their message (the generated paths tell events apart by their fields). */
const moreFailures: [unknown, string][] = [
  [new ApiError(CLIENT_MESSAGES.timeout(30_000), 0), 'timeout of 30000ms exceeded'],
  [new ApiError(CLIENT_MESSAGES.aborted, 0), 'Request aborted'],
];

describePathTests({
  machine: wizardMachine,
  inputs: [{ service }],
  ...wizardSamples,
  errors: { createInvoice: orderFailures.map(([error]) => error) },
  // The step, the choices, whether a URL is typed and the last toast text shape the wizard; the URL's text does not.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      appChoice: snapshot.context.appChoice,
      hasUrl: snapshot.context.websiteUrl.trim() !== '',
      serviceType: snapshot.context.serviceType,
      error: snapshot.context.error,
    }),
  check: (snapshot) => {
    // A failed order's toast text is one of the expected ones; a new attempt starts without it.
    if (snapshot.context.error !== null) {
      expect(orderFailures.map(([, text]) => text)).toContain(snapshot.context.error);
      toastTexts.add(snapshot.context.error);
    }
    if (snapshot.matches('checkingOut')) expect(snapshot.context.error).toBeNull();
    // An existing website without its URL never gets past Information.
    if (
      (['delivery', 'confirmation', 'checkingOut'] as const).some((s) => snapshot.matches(s)) &&
      snapshot.context.appChoice === 'existing'
    ) {
      expect(snapshot.context.websiteUrl.trim()).not.toBe('');
    }
  },
});

it('the generated paths show every kind of toast text: the server text, the client message and the fallback', () => {
  expect([...toastTexts].sort()).toEqual([...new Set(orderFailures.map(([, text]) => text))].sort());
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
    ...orderFailures,
    ...moreFailures,
    [new Error('From the server'), 'From the server'],
    [{ weird: true }, 'Something went wrong.'],
  ])('error text for %s', (error, text) => {
    expect(orderErrorMessage(error)).toBe(text);
  });
});

const auditService = { title: 'Cyber Security Audit', price: 79 };

function startDraft(createInvoice: (input: OrderInput) => Promise<{ paymentLink: string }>) {
  return createActor(
    wizardMachine.provide({ actors: { createInvoice: fromPromise(({ input }) => createInvoice(input)) } }),
    { input: { service: auditService } },
  ).start();
}

describe('wizard: the order draft', () => {
  it('starts on Review with the service, no website and the default delivery', () => {
    const actor = startDraft(async () => ({ paymentLink: 'x' }));
    expect(actor.getSnapshot().value).toBe('review');
    expect(actor.getSnapshot().context).toEqual({
      service: auditService,
      appChoice: 'none',
      websiteUrl: '',
      serviceType: 'PDF Sent to Email',
      error: null,
    });
  });

  it('keeps the URL as typed and sends it trimmed while the invoice is created', () => {
    const createInvoice = vi.fn((_input: OrderInput) => new Promise<{ paymentLink: string }>(() => {}));
    const actor = startDraft(createInvoice);
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
    const actor = startDraft(async () => ({ paymentLink: 'x' }));
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
    expect(orderErrorMessage(error)).toBe(text);
  });
});

describe('wizard: without its actor provided', () => {
  it('the error names the missing actor', async () => {
    const actor = createActor(wizardMachine, { input: { service: auditService } }).start();
    for (let step = 0; step < 3; step += 1) actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('createInvoice is not provided'));
  });
});
