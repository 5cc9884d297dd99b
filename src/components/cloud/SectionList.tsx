import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** One line of a sectioned list: a section heading or an item, each with its own fixed height. */
export type SectionLine<T> =
  | { kind: 'head'; key: string; label: string; count: number }
  | { kind: 'item'; key: string; item: T };

/**
 * A windowed list with section headings (friends' VirtualList, with two row heights): only the
 * lines in view, plus a few either side, are in the DOM, so 5,000 cards scroll smoothly. Line
 * tops are summed once per list; the first line in view is found by binary search. Headings are
 * real headings (h2) that screen-reader users can jump between.
 */
export function SectionList<T>(props: {
  lines: readonly SectionLine<T>[];
  headHeight: number;
  rowHeight: number;
  renderHead: (line: Extract<SectionLine<T>, { kind: 'head' }>) => ReactNode;
  renderItem: (item: T) => ReactNode;
  label: string;
  overscan?: number;
  initialScrollTop?: number;
  onScrollTopChange?: (scrollTop: number) => void;
  testId?: string;
}) {
  const { lines, headHeight, rowHeight, overscan = 6 } = props;
  const ref = useRef<HTMLDivElement>(null);
  const initialTop = useRef(props.initialScrollTop ?? 0);
  const [scrollTop, setScrollTop] = useState(initialTop.current);
  const [height, setHeight] = useState(600);

  const tops = useMemo(() => {
    const out = new Float64Array(lines.length + 1);
    for (let i = 0; i < lines.length; i++)
      out[i + 1] = (out[i] ?? 0) + (lines[i]?.kind === 'head' ? headHeight : rowHeight);
    return out;
  }, [lines, headHeight, rowHeight]);
  const total = tops[lines.length] ?? 0;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(Math.max(rowHeight * 3, window.innerHeight - el.getBoundingClientRect().top));
    measure();
    if (initialTop.current > 0) el.scrollTop = initialTop.current;
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [rowHeight]);

  // The first line whose bottom is below the top of the view.
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tops[mid + 1] ?? 0) <= scrollTop) lo = mid + 1;
    else hi = mid;
  }
  const first = Math.max(0, lo - overscan);
  let last = lo;
  while (last < lines.length && (tops[last] ?? 0) < scrollTop + height) last++;
  last = Math.min(lines.length, last + overscan);

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const line = lines[i] as SectionLine<T>;
    const style = { top: tops[i], height: line.kind === 'head' ? headHeight : rowHeight };
    rows.push(
      line.kind === 'head' ? (
        <li key={line.key} className="vlist-row cloud-section-head" style={style}>
          {props.renderHead(line)}
        </li>
      ) : (
        <li key={line.key} className="vlist-row" style={style}>
          {props.renderItem(line.item)}
        </li>
      ),
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
      data-testid={props.testId ?? 'cloud-list'}
    >
      <ul className="vlist-inner" style={{ height: total }} aria-label={props.label}>
        {rows}
      </ul>
    </div>
  );
}
