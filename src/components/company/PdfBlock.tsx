import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from './icons';
import { formatBytes, PDF_SETTLE_MS, pdfFailure } from './media';
import type { PDFDocumentProxy, RenderTask } from './pdf';
import { useElementWidth, useNearViewport } from './use-element';

/**
 * A pdf block: the file's name and an "Open" link, then every page drawn by pdf.js on a canvas
 * as wide as the block. pdf.js loads only when the block comes near the screen. The file is
 * fetched whole through the service worker (uploaded files are cached there), so a PDF seen
 * once shows offline too. States (SPEC §2, §8, §9): loading; once the page count is known, the
 * pages with a loading veil for PDF_SETTLE_MS while they draw; an error with its reason and Retry.
 * Pages far below the screen are drawn only when scrolled near.
 */
type PdfState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; doc: PDFDocumentProxy; ratio: number; settling: boolean }
  | { phase: 'error'; reason: string };

class FetchError extends Error {
  override readonly name = 'FetchError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export function PdfBlock({ url, name, size }: { url: string; name: string; size: number }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const width = useElementWidth(box);
  const { state, retry } = usePdfDocument(url, near);
  const busy = state.phase === 'loading' || state.phase === 'idle' || (state.phase === 'ready' && state.settling);
  return (
    <div className="pdf-block">
      <PdfHead url={url} name={name} size={size} />
      <div ref={box} className="pdf-pages" aria-busy={busy}>
        {state.phase === 'error' ? <PdfError reason={state.reason} onRetry={retry} /> : null}
        {state.phase === 'idle' || state.phase === 'loading' ? <PdfLoading /> : null}
        {state.phase === 'ready' ? <PdfPages state={state} width={width} /> : null}
      </div>
    </div>
  );
}

/**
 * Loads the PDF once it is `near` the screen (pdf.js and the file together), again on `retry`;
 * once ready it stays `settling` for PDF_SETTLE_MS while its pages draw.
 */
function usePdfDocument(url: string, near: boolean) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PdfState>({ phase: 'idle' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button: it loads again
  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let loading: { destroy(): Promise<void> } | null = null;
    let settle: ReturnType<typeof setTimeout> | undefined;
    setState({ phase: 'loading' });
    (async () => {
      const [pdf, res] = await Promise.all([import('./pdf'), fetch(url, { credentials: 'same-origin' })]);
      if (!res.ok) throw new FetchError(res.status);
      const data = new Uint8Array(await res.arrayBuffer());
      if (cancelled) return;
      const task = pdf.openPdf(data);
      loading = task;
      const doc = await task.promise;
      const first = await doc.getPage(1);
      const view = first.getViewport({ scale: 1 });
      if (cancelled) return;
      setState({ phase: 'ready', doc, ratio: view.height / view.width, settling: true });
      settle = setTimeout(() => {
        setState((s) => (s.phase === 'ready' ? { ...s, settling: false } : s));
      }, PDF_SETTLE_MS);
    })().catch((err: unknown) => {
      if (cancelled) return;
      console.error('pdf block', url, err);
      const key = pdfFailure(err);
      setState({ phase: 'error', reason: key ? t(key) : err instanceof Error ? err.message : String(err) });
    });
    return () => {
      cancelled = true;
      clearTimeout(settle);
      void loading?.destroy();
    };
  }, [url, near, attempt, t]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The file's name and size, and a link that opens it. */
function PdfHead({ url, name, size }: { url: string; name: string; size: number }) {
  const { t } = useTranslation();
  return (
    <div className="pdf-head">
      <span className="pdf-icon">
        <FileIcon />
      </span>
      <div className="pdf-meta">
        <strong className="pdf-name">{name || 'PDF'}</strong>
        {size > 0 ? <span className="muted">{formatBytes(size)}</span> : null}
      </div>
      <a className="btn btn-ghost btn-inline" href={url} target="_blank" rel="noopener noreferrer">
        {t('company.pdf.open')}
      </a>
    </div>
  );
}

function PdfError({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pdf-error" role="alert">
      <strong>{t('company.pdf.errorTitle')}</strong>
      <span>{reason}</span>
      <button type="button" className="btn btn-secondary btn-inline" onClick={onRetry}>
        {t('app.common.retry')}
      </button>
    </div>
  );
}

function PdfLoading() {
  const { t } = useTranslation();
  return (
    <div className="pdf-loading" role="status">
      <span className="spinner company-spinner" aria-hidden="true" />
      {t('company.pdf.loading')}
    </div>
  );
}

/** Every page of the loaded PDF, under a veil while they first draw. */
function PdfPages({ state, width }: { state: Extract<PdfState, { phase: 'ready' }>; width: number }) {
  const { t } = useTranslation();
  return (
    <>
      {state.settling ? (
        <div className="pdf-veil" role="status">
          <span className="spinner company-spinner" aria-hidden="true" />
          {t('company.pdf.rendering', { count: state.doc.numPages })}
        </div>
      ) : null}
      {Array.from({ length: state.doc.numPages }, (_, i) => (
        <PdfPage
          // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, never reordered
          key={i}
          doc={state.doc}
          n={i + 1}
          width={width}
          ratio={state.ratio}
          label={t('company.pdf.page', { n: i + 1, count: state.doc.numPages })}
        />
      ))}
    </>
  );
}

function PdfPage(props: { doc: PDFDocumentProxy; n: number; width: number; ratio: number; label: string }) {
  const { doc, n, width } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(canvas, '600px');
  const [ratio, setRatio] = useState(props.ratio);

  useEffect(() => {
    const el = canvas.current;
    if (!near || !el || width <= 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    (async () => {
      const page = await doc.getPage(n);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      const dpr = Math.min(globalThis.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: (width / base.width) * dpr });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      setRatio(base.height / base.width);
      task = page.render({ canvas: el, viewport });
      await task.promise;
      el.dataset.rendered = 'true';
    })().catch((err: unknown) => {
      if (!cancelled && (err as { name?: string })?.name !== 'RenderingCancelledException') {
        console.error('pdf page', n, err);
      }
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, n, width, near]);

  return (
    <canvas
      ref={canvas}
      className="pdf-page"
      style={{ aspectRatio: `1 / ${ratio}` }}
      aria-label={props.label}
      role="img"
    />
  );
}
