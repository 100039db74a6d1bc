import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../error-log/error-log-store';
import { ErrorFallback } from '../ErrorFallback';

interface PageErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * The boundary around each page of the main view: a render error (or a page whose code did not
 * download) goes to the local error log and shows the fallback in that page's place, while the
 * shell and the other tabs go on.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const stack = (info.componentStack ?? '').trim().split('\n').slice(0, 8).join('\n');
    logError(error, stack ? `render\n${stack}` : 'render');
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <ErrorFallback
          error={this.state.error}
          onRetry={() => this.setState({ failed: false, error: undefined })}
        />
      );
    }
    return this.props.children;
  }
}
