/**
 * A promise that settles in a later task of the event loop, not a microtask: work run in a chain
 * of promises (a wasm model's runs, one after another) gives the messages waiting for this thread
 * (another worker's answers) their turn between runs. setImmediate in Node; a message to itself
 * in a browser worker (setTimeout is clamped to 4 ms once nested).
 */
let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') {
      setImmediate(resolve);
      return;
    }
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
