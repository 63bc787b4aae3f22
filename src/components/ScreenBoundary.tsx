import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** The address shown: moving to another one clears the failure, so that the next screen gets its chance. */
  resetKey: string;
}

/**
 * What shows instead of a blank page when a screen cannot be shown: most often its code did not arrive (the line
 * dropped, or a deploy replaced the files an open tab still names). A reload fetches the page, and the current
 * files, anew. A React error boundary, so a class: no statechart decides anything here (docs/architecture.md).
 */
export class ScreenBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page--center page--screen screen-failed">
        <h1>This page could not be shown</h1>
        <p>Its content did not arrive. Reload the page; if it still fails, check your connection.</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}
