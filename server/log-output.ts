/**
 * Where the JSON log goes: standard output, written asynchronously through a bounded buffer. A log reader that
 * stalls (a log shipper that hung, a pipe nobody reads) fills the pipe; a synchronous write would then block the
 * event loop until it reads again, and a server told to stop would never exit. Here the lines wait in the
 * buffer instead, those past its bound are dropped and counted, and closing waits for the buffer no longer
 * than it is told to.
 */
import SonicBoom from 'sonic-boom';

/** Bytes of log lines kept while standard output takes nothing: several thousand lines. */
const LOG_BUFFER_BYTES = 4 * 1024 * 1024;

export interface LogOutput {
  /** pino's destination. */
  write(line: string): void;
  /** Lines dropped so far because the buffer was full (or the output closed). */
  dropped(): number;
  /** Calls `report` with the lines dropped since the last report, whenever the buffer has emptied again. */
  onRecovered(report: (dropped: number) => void): void;
  /** Writes what is buffered, waiting at most `timeoutMs`; resolves false when the reader did not take it all. */
  close(timeoutMs: number): Promise<boolean>;
}

export function createLogOutput(fd = 1, maxBytes = LOG_BUFFER_BYTES): LogOutput {
  // No pino.destination(): for an asynchronous stream it registers a synchronous flush at process exit, which is
  // the very wait that never ends when nobody reads.
  const stream = new SonicBoom({ fd, sync: false, maxLength: maxBytes });
  let dropped = 0;
  let reported = 0;
  let closing: Promise<boolean> | undefined;
  stream.on('drop', () => (dropped += 1));
  // A reader that went away (EPIPE) leaves nothing to write to: the server goes on without its log.
  stream.on('error', () => {});
  return {
    write(line) {
      if (closing) dropped += 1;
      else stream.write(line);
    },
    dropped: () => dropped,
    onRecovered(report) {
      stream.on('drain', () => {
        if (closing || dropped === reported) return;
        const count = dropped - reported;
        reported = dropped;
        report(count);
      });
    },
    close(timeoutMs) {
      closing ??= new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        stream.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
        stream.end();
      });
      return closing;
    },
  };
}
