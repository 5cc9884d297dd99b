/**
 * A second copy of the line recognizer's model (src/lib/line-reader.ts), started by the OCR
 * worker (workers/ocr.worker.ts) so that a card's lines are read on two threads: after
 * tesseract's page readings, reading lines one at a time is what a card with Chinese waits for,
 * while the other core has little to do. It only runs the model; the OCR worker cuts the lines
 * and decodes the answers.
 */
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web/wasm';
import { type LineModel, type LineScores, onnxLineModel, scoresTransfer } from '../src/lib/line-reader';

let model: LineModel | null = null;

const api = {
  /** Loads the model from its bytes, with onnxruntime-web's wasm from `wasmUrl`. */
  async start(bytes: Uint8Array, wasmUrl: string): Promise<void> {
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.wasmPaths = { wasm: wasmUrl };
    model = await onnxLineModel(ort, bytes);
  },

  async run(input: Float32Array, width: number): Promise<LineScores> {
    if (!model) throw new Error('line model not started');
    const scores = await model(input, width);
    return Comlink.transfer(scores, scoresTransfer(scores));
  },
};

export type LineWorkerApi = typeof api;
Comlink.expose(api);
