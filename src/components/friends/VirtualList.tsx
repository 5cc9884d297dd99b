import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A windowed list: rows have one fixed height, and only those in view (plus a few either side)
 * are in the DOM, so 10,000 rows scroll as smoothly as 10. It fills the screen from where it
 * starts down to the bottom of the window and scrolls inside itself.
 */
export function VirtualList<T>(props: {
  items: readonly T[];
  rowHeight: number;
  itemKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  label: string;
  overscan?: number;
  /** Where to start (a screen coming back to where it was), and where it is now. */
  initialScrollTop?: number;
  onScrollTopChange?: (scrollTop: number) => void;
}) {
  const { items, rowHeight, overscan = 6 } = props;
  const ref = useRef<HTMLDivElement>(null);
  // Read once: later scrolling is the user's.
  const initialTop = useRef(props.initialScrollTop ?? 0);
  const [scrollTop, setScrollTop] = useState(initialTop.current);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(Math.max(rowHeight * 3, window.innerHeight - el.getBoundingClientRect().top));
    measure();
    if (initialTop.current > 0) el.scrollTop = initialTop.current;
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [rowHeight]);

  // A shorter list (another group) must not leave the window past its end.
  useEffect(() => {
    const el = ref.current;
    if (el && el.scrollTop > items.length * rowHeight) el.scrollTop = 0;
  }, [items.length, rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i] as T;
    rows.push(
      <li
        key={props.itemKey(item)}
        className="vlist-row"
        style={{ top: i * rowHeight, height: rowHeight }}
        aria-setsize={items.length}
        aria-posinset={i + 1}
      >
        {props.renderRow(item, i)}
      </li>,
    );
  }

  return (
    <div
      ref={ref}
      className="vlist"
      style={{ height }}
      onScroll={(e) => {
        setScrollTop(e.currentTarget.scrollTop);
        props.onScrollTopChange?.(e.currentTarget.scrollTop);
      }}
      data-testid="friend-list"
    >
      <ul className="vlist-inner" style={{ height: items.length * rowHeight }} aria-label={props.label}>
        {rows}
      </ul>
    </div>
  );
}
