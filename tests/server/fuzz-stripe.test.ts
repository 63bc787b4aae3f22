/**
 * Fuzzing the Stripe webhook, on an app in Stripe mode (the sandbox pages do not exist there): unsigned and
 * validly signed events of any content. The rules every answer keeps: fuzz/judge.ts.
 */
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, describe, it } from 'vitest';
import { insertInvoice } from '#server/invoices/new-invoice';
import { services as catalogue } from '#domain/catalogue/services';
import { cleanup, createTestServer, register } from './helpers';
import { afterBatch, errorLines, sendAndJudge } from './fuzz/judge';
import { DEEP, latin1, mutant, text } from './fuzz/junk';
import { RUNS_PER_ROUTE, TIMEOUT_MS } from './fuzz/suite';

const WEBHOOK_SECRET = 'whsec_fuzz';
const stripeServer = await createTestServer({
  STRIPE_SECRET_KEY: 'sk_test_fuzz',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});
const signer = new Stripe('sk_test_fuzz');
// Unpaid Stripe invoices for the events to name (made directly: the fake Stripe API is unreachable).
const stripeCustomer = await register(stripeServer.app);
const stripeInvoiceIds: string[] = [];
for (const service of catalogue.slice(0, 3)) {
  const invoice = await insertInvoice(stripeServer.db, {
    userId: stripeCustomer.user.id,
    amountPence: service.price * 100,
    title: service.title,
    type: 'Video Meeting',
    url: '',
    provider: 'stripe',
    now: stripeServer.clock.now(),
  });
  stripeInvoiceIds.push(invoice.id);
}

afterAll(cleanup);

describe('fuzzing the Stripe webhook', () => {
  it(
    'the Stripe webhook (Stripe mode), with unsigned and validly signed events of any content',
    async () => {
      /** Usually as Stripe sends it, sometimes any value at all. */
      const mostly = <T>(valid: fc.Arbitrary<T>) =>
        fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: mutant });
      const session = fc.record({
        id: mostly(fc.string({ minLength: 1, maxLength: 20 })),
        payment_status: mostly(fc.constantFrom('paid', 'unpaid')),
        amount_total: mostly(
          fc.oneof(fc.constantFrom(...catalogue.map((service) => service.price * 100)), fc.integer()),
        ),
        currency: mostly(fc.constantFrom('gbp', 'eur')),
        client_reference_id: mostly(fc.oneof(fc.constantFrom(...stripeInvoiceIds), fc.constant(null))),
        metadata: mostly(fc.record({ invoiceId: mostly(fc.oneof(fc.constantFrom(...stripeInvoiceIds), fc.string())) })),
      });
      const event = fc.oneof(
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
        {
          weight: 6,
          arbitrary: fc.record({
            id: mostly(fc.string({ minLength: 1, maxLength: 20 })),
            type: mostly(
              fc.constantFrom(
                'checkout.session.completed',
                'checkout.session.async_payment_succeeded',
                'customer.created',
              ),
            ),
            data: mostly(fc.record({ object: mostly(session) })),
          }),
        },
      );
      const deliveries = fc.record({
        payload: fc.oneof(
          {
            weight: 4,
            arbitrary: event.map((value) =>
              JSON.stringify(value).replaceAll(JSON.stringify(DEEP), '[[[[[[[[1]]]]]]]]'),
            ),
          },
          { weight: 1, arbitrary: text },
        ),
        signature: fc.oneof(
          { weight: 3, arbitrary: fc.constant('valid') },
          { weight: 1, arbitrary: latin1 },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(deliveries, { minLength: 1, maxLength: 3 }), async (batch) => {
          const errorsBefore = errorLines(stripeServer.logLines).length;
          for (const { payload, signature } of batch) {
            const header =
              signature === 'valid'
                ? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
                : signature;
            await sendAndJudge(stripeServer.app, {
              method: 'POST',
              path: '/api/payments/stripe/webhook',
              query: [],
              caller: { kind: 'none' },
              body: { kind: 'text', text: payload },
              contentType: 'application/json',
              headers: header === null ? [] : [['Stripe-Signature', header]],
              address: '198.51.100.7',
            });
          }
          await afterBatch(stripeServer.app, stripeServer.logLines, errorsBefore);
        }),
        { numRuns: RUNS_PER_ROUTE * 3 },
      );
    },
    TIMEOUT_MS,
  );
});
