/**
 * The profile page's "Your data" card (docs/product.md#data-export): what the export holds, and the button that
 * downloads it through the data export machine. Once saved, it names the file and says a note was mailed.
 */
import { useMachine } from '@xstate/react';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { wireDataExport } from './DataExportCard.wiring';
import { Spinner } from '../Spinner';
import './DataExportCard.css';

const DATA_EXPORT_TEXTS = {
  title: 'Your data',
  holds:
    'A ZIP file with everything we hold about you: your profile, sign-ins, sessions, invoices with their documents, orders and reports, notifications and visits.',
  button: 'Download my data',
  preparing: 'Download my data: preparing',
  saved: (fileName: string) => `Saved as ${fileName}. We sent a note of this download to your e-mail address.`,
} as const;

export function DataExportCard() {
  const { inspect } = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireDataExport({ showError: (message) => toast({ title: message, variant: 'error' }) }),
    { inspect },
  );
  const exporting = snapshot.hasTag('exporting');
  const { savedAs } = snapshot.context;
  return (
    <section className="profile__card data-export" aria-labelledby="data-export-title">
      <h2 id="data-export-title">{DATA_EXPORT_TEXTS.title}</h2>
      <p>{DATA_EXPORT_TEXTS.holds}</p>
      <div className="data-export__actions">
        <button
          type="button"
          className="button button--outline"
          disabled={exporting}
          onClick={() => send({ type: 'dataExport.start' })}
        >
          {exporting ? <Spinner label={DATA_EXPORT_TEXTS.preparing} /> : DATA_EXPORT_TEXTS.button}
        </button>
      </div>
      {snapshot.hasTag('saved') && savedAs !== null && (
        <p className="data-export__saved" role="status">
          {DATA_EXPORT_TEXTS.saved(savedAs)}
        </p>
      )}
    </section>
  );
}
