/**
 * A button that downloads a file the signed-in account may fetch (an invoice document, a report, a calendar
 * file), through the download machine: the request carries the session, and a failure is a toast.
 */
import { useMachine } from '@xstate/react';
import { useAppActors } from '../common/AppActorsContext';
import { useToast } from '../common/hooks';
import { wireDownload } from '#src/common/wiring/download';
import { Spinner } from './Spinner';
import './DownloadButton.css';

export function DownloadButton({ url, fileName, label }: { url: string; fileName: string; label: string }) {
  const { inspect } = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireDownload({ showError: (message) => toast({ title: message, variant: 'error' }) }),
    { input: { url, fileName }, inspect },
  );
  const downloading = snapshot.hasTag('busy');
  return (
    <button
      type="button"
      className="button button--outline download-button"
      disabled={downloading}
      onClick={() => send({ type: 'download.start' })}
    >
      {downloading ? <Spinner label={`${label}: downloading`} /> : label}
    </button>
  );
}
