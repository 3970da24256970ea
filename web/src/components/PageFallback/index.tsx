import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Spin } from '@arco-design/web-react';
import { progress } from '@/router/progress';
import { t } from '@/lang';
import { isChunkLoadError, reloadPageForNewBuild } from '@/utils/chunkReload';

/** Shown while a lazy page loads: the top progress bar runs meanwhile. */
export function PageFallback({ full = false }: { full?: boolean }) {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return (
    <div className={full ? 'ba-center-page' : 'ba-page-fallback'}>
      <Spin size={24} />
    </div>
  );
}

/**
 * Catches a page that fails to load or render, so the shell stays usable. A page whose chunk is gone (a new
 * build was deployed meanwhile) reloads the browser page once instead.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadPageForNewBuild()) return;
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (this.state.failed) {
      return (
        <div className="ba-center-page" role="alert">
          <p className="ba-page-failed">{t('layout.pageFailed')}</p>
        </div>
      );
    }
    return this.props.children;
  }
}
