import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './WindowedList.css';

/** Section headings among a list's rows: their own height and class, told apart by `is`. */
export type WindowedHeadings<T> = {
  is: (item: T) => boolean;
  height: number;
  className: string;
};

/**
 * The one windowed list (TanStack Virtual): rows have fixed heights, and only those in view (plus
 * a few either side) are in the DOM, so 10,000 rows scroll as smoothly as 10. It fills the screen
 * from where it starts down to the bottom of the window and scrolls inside itself.
 *
 * A flat list tells screen readers each row's place (aria-setsize, aria-posinset). A list with
 * `headings` does not (the count would include the headings); its headings are rows of their own
 * height, and the caller renders real headings (h2) in them that screen-reader users can jump
 * between.
 */
export function WindowedList<T>(props: {
  items: readonly T[];
  rowHeight: number;
  headings?: WindowedHeadings<T>;
  itemKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  label: string;
  testId: string;
  overscan?: number;
  /** Where to start (a screen coming back to where it was), and where it is now. */
  initialScrollTop?: number;
  onScrollTopChange?: (scrollTop: number) => void;
}) {
  const { items, rowHeight, headings, itemKey, overscan = 6 } = props;
  const ref = useRef<HTMLDivElement>(null);
  const height = useHeightToWindowBottom(ref, rowHeight);

  // The key function is read through a ref: callers pass a new arrow each render, and a new
  // getItemKey makes the virtualizer sum every row's top again.
  const keyOf = useRef(itemKey);
  keyOf.current = itemKey;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => ref.current,
    estimateSize: (i) => (headings?.is(items[i] as T) ? headings.height : rowHeight),
    // New items, new key function: the tops are summed again (once per list, as before).
    getItemKey: useCallback((i: number) => keyOf.current(items[i] as T), [items]),
    overscan,
    // The first render fills the height the list starts with, as the rows will after measuring.
    initialRect: { width: 0, height },
    // Read once: later scrolling is the user's.
    initialOffset: props.initialScrollTop ?? 0,
  });

  // Other heights with the same items (new items are summed anyway): sum the tops again.
  const heights = `${rowHeight}/${headings?.height}`;
  const summedFor = useRef(heights);
  useLayoutEffect(() => {
    if (summedFor.current === heights) return;
    summedFor.current = heights;
    virtualizer.measure();
  }, [virtualizer, heights]);

  const total = virtualizer.getTotalSize();
  // A shorter list (another group) must not leave the window past its end.
  useEffect(() => {
    const el = ref.current;
    if (el && el.scrollTop > total) el.scrollTop = 0;
  }, [total]);

  return (
    <div
      ref={ref}
      className="vlist"
      style={{ height }}
      onScroll={(e) => props.onScrollTopChange?.(e.currentTarget.scrollTop)}
      data-testid={props.testId}
    >
      <ul className="vlist-inner" style={{ height: total }} aria-label={props.label}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index] as T;
          const head = headings?.is(item) === true;
          return (
            <li
              key={row.key}
              className={head ? `vlist-row ${headings?.className}` : 'vlist-row'}
              style={{ top: row.start, height: row.size }}
              aria-setsize={headings ? undefined : items.length}
              aria-posinset={headings ? undefined : row.index + 1}
            >
              {props.renderRow(item, row.index)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** From where the list starts down to the bottom of the window (at least three rows), kept on resize. */
function useHeightToWindowBottom(ref: RefObject<HTMLDivElement | null>, rowHeight: number): number {
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(Math.max(rowHeight * 3, window.innerHeight - el.getBoundingClientRect().top));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, rowHeight]);
  return height;
}
