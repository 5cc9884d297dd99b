/**
 * A second copy of the line recognizer's model in a worker thread (server/ocr/recognizer.ts), as
 * the browser's OCR worker has one in workers/line.worker.ts: a card's lines are read on two
 * threads. It only runs the model: `workerData.model` is its bytes; each message
 * `{ id, input, width }` is answered `{ id, scores }` (or `{ id, error }`), the scores' buffer
 * handed over.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-web';
import { onnxLineModel, scoresTransfer } from '../../src/lib/line-reader';

export type LineRequest = { id: number; input: Float32Array; width: number };

const port = parentPort;
if (!port) throw new Error('line-worker.ts runs as a worker thread');
ort.env.wasm.numThreads = 1;
const model = await onnxLineModel(ort, (workerData as { model: Uint8Array }).model);
port.on('message', async ({ id, input, width }: LineRequest) => {
  try {
    const scores = await model(input, width);
    port.postMessage({ id, scores }, scoresTransfer(scores));
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
