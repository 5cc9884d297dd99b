/**
 * A fixed set of things only one piece of work may use at a time (OCR engines, copies of a
 * model): `use` runs `work` with the first one free, in the order asked for, and gives it back.
 */
export type Pool<T> = {
  use<R>(work: (item: T) => Promise<R>): Promise<R>;
  /** Work waiting for an item, and items in use. */
  load(): { waiting: number; busy: number };
};

export function pool<T>(items: readonly T[]): Pool<T> {
  if (items.length === 0) throw new Error('pool: nothing in it');
  const free = [...items];
  const waiting: ((item: T) => void)[] = [];
  const acquire = () =>
    new Promise<T>((resolve) => {
      const item = free.shift();
      if (item !== undefined) resolve(item);
      else waiting.push(resolve);
    });
  const release = (item: T) => {
    const next = waiting.shift();
    if (next) next(item);
    else free.push(item);
  };
  return {
    async use(work) {
      const item = await acquire();
      try {
        return await work(item);
      } finally {
        release(item);
      }
    },
    load: () => ({ waiting: waiting.length, busy: items.length - free.length }),
  };
}
