import { CHUNK_LOAD_TIMEOUT_MS } from '@aos/contract/rules';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ComponentType, type ReactNode, lazy } from 'react';
import { useTranslation } from 'react-i18next';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A screen loaded on demand; a chunk that does not arrive within 120 s raises a chunk-load error (spec §8). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the loaded component keeps its own
export function lazyScreen<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(() => loadChunk(load, timeoutMs));
}

/** A chunk import that fails with ChunkLoadError when it errors or does not arrive in time. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('chunk load timed out')), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
    })
    .finally(() => clearTimeout(timer));
}

/**
 * What a screen shows when its chunk failed. Drawn with what the sign-in page already loads (no antd Result:
 * its illustrations cost 10 kB gzip on the first page, and this page must not need another chunk).
 */
function ChunkError() {
  const { t } = useTranslation();
  return (
    <div className="chunk-error" role="alert" data-testid="chunk-error">
      <ExclamationCircleFilled className="chunk-error__icon" />
      <div className="chunk-error__title">{t('error.chunkTitle')}</div>
      <div className="chunk-error__text">{t('error.chunkText')}</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Catches a failed chunk (and any render error) below it and offers a retry instead of a blank page. */
export class ScreenBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { resetKey?: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <ChunkError /> : this.props.children;
  }
}
