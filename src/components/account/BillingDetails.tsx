import { useMachine } from '@xstate/react';
import type { BillingField } from '#domain/billing';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { wireBillingDetails } from './BillingDetails.wiring';
import { FieldError, invalid } from '../FieldError';
import { Spinner } from '../Spinner';
import './BillingDetails.css';

const BILLING_SAVED_TEXT = 'Your billing details have been saved.';

const LABELS: Record<BillingField, string> = {
  billingName: 'Billing name',
  address: 'Billing address',
  vatNumber: 'VAT number',
};
const ID: Record<BillingField, string> = {
  billingName: 'billing-name',
  address: 'billing-address',
  vatNumber: 'billing-vat-number',
};

/**
 * The profile's "Billing details" section (docs/product.md#billing-details): the name, address and VAT number the
 * invoices of later payments name, as the machine holds them; the rules' messages stand under their fields.
 */
export function BillingDetails() {
  const app = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireBillingDetails({ announceSaved: () => toast({ title: BILLING_SAVED_TEXT, variant: 'success' }) }),
    { inspect: app.inspect },
  );
  const { values, errors, error } = snapshot.context;
  const saving = snapshot.hasTag('saving');
  const input = (field: BillingField) => ({
    id: ID[field],
    className: 'field__input',
    value: values[field],
    // Read-only while the details are on their way: what is typed then would not be what is saved.
    readOnly: saving,
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'billing.change', field, value: event.target.value }),
    ...invalid(ID[field], errors[field]),
  });

  return (
    <section className="profile__card billing" aria-labelledby="billing-title">
      <h2 id="billing-title">Billing details</h2>
      <p className="billing__hint">
        Optional. Shown on the invoices of your next payments; invoices already issued stay as they are. Add a VAT
        number when you buy for a business.
      </p>
      {snapshot.hasTag('loading') && <Spinner label="Reading your billing details" />}
      {snapshot.hasTag('failed') && (
        <div className="billing__failed">
          <p className="form__error" role="alert">
            {error}
          </p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'billing.retry' })}>
            Try again
          </button>
        </div>
      )}
      {snapshot.hasTag('form') && (
        <form
          className="form"
          aria-label="Billing details"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'billing.submit' });
          }}
        >
          <FieldError id={ID.billingName} label={LABELS.billingName} error={errors.billingName}>
            <input {...input('billingName')} autoComplete="organization" />
          </FieldError>
          <FieldError id={ID.address} label={LABELS.address} error={errors.address} hint="Up to 6 lines.">
            <textarea {...input('address')} rows={6} autoComplete="street-address" />
          </FieldError>
          <FieldError
            id={ID.vatNumber}
            label={LABELS.vatNumber}
            error={errors.vatNumber}
            hint="With its country code, e.g. GB123456789."
          >
            <input {...input('vatNumber')} autoCapitalize="characters" spellCheck={false} />
          </FieldError>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary billing__save"
            disabled={!snapshot.can({ type: 'billing.submit' })}
          >
            {saving ? <Spinner label="Saving" /> : 'Save billing details'}
          </button>
        </form>
      )}
    </section>
  );
}
