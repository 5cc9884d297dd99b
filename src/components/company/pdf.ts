/**
 * pdf.js, loaded only when a pdf block is on screen (this module is imported dynamically). Its
 * worker is a file of our own build (Vite `?url`), so the service worker precaches it with the
 * other assets and PDFs render with no network.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Starts reading a PDF from its bytes. (Set here, in a call: src/ modules are side-effect free.) */
export function openPdf(data: Uint8Array): PDFDocumentLoadingTask {
  GlobalWorkerOptions.workerSrc = workerSrc;
  return getDocument({ data, isEvalSupported: false });
}

export type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
