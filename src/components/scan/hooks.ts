import { useEffect, useState } from 'react';
import { ocrClient } from '../../browser/ocr-client';

export type Readiness =
  | { state: 'checking' }
  | { state: 'ready' }
  | { state: 'missing'; bytes: number }
  | { state: 'preparing'; done: number; bytes: number }
  | { state: 'failed'; bytes: number };

/**
 * Whether recognition works offline on this device. When it does not and the device is online,
 * it prepares at once (the engine and language data are cached); offline it waits for the
 * network. `prepare` is the "prepare now" button's retry.
 */
export function useOcrReadiness(online: boolean): { readiness: Readiness; prepare(): void } {
  const [readiness, setReadiness] = useState<Readiness>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to start again
  useEffect(() => {
    let live = true;
    const client = ocrClient();
    void (async () => {
      let bytes = 0;
      try {
        const now = await client.readiness();
        if (!live) return;
        if (now.ready) {
          setReadiness({ state: 'ready' });
          return;
        }
        bytes = now.bytesToDownload;
        setReadiness({ state: 'missing', bytes });
        if (!online) return;
        setReadiness({ state: 'preparing', done: 0, bytes });
        await client.prepare((done) => {
          if (live) setReadiness({ state: 'preparing', done, bytes });
        });
        if (live) setReadiness({ state: 'ready' });
      } catch (error) {
        console.error('ocr prepare', error);
        if (live) setReadiness({ state: 'failed', bytes });
      }
    })();
    return () => {
      live = false;
    };
  }, [online, attempt]);
  return { readiness, prepare: () => setAttempt((n) => n + 1) };
}
