import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { dropIndex } from '../../lib/reorder';

type Drag = { from: number; to: number; dy: number };

/**
 * Drag to sort a vertical list by a handle, with a finger or a mouse (pointer events, so one
 * code path for both): the dragged row follows the pointer, the rows it passes make room, and
 * `onDrop(from, to)` runs on release. The handle also answers the up and down arrow keys.
 */
export function useDragSort(count: number, onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const origin = useRef<{ y: number; step: number } | null>(null);

  const end = (commit: boolean) => {
    if (commit && drag && drag.to !== drag.from) onDrop(drag.from, drag.to);
    origin.current = null;
    setDrag(null);
  };

  const handleProps = (index: number) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      const row = e.currentTarget.closest('li');
      const next = row?.nextElementSibling ?? null;
      const previous = row?.previousElementSibling ?? null;
      const top = row?.getBoundingClientRect().top ?? 0;
      // Rows are evenly spaced: the distance to a neighbour is one step.
      const step = next
        ? next.getBoundingClientRect().top - top
        : previous
          ? top - previous.getBoundingClientRect().top
          : (row?.getBoundingClientRect().height ?? 0);
      e.currentTarget.setPointerCapture(e.pointerId);
      origin.current = { y: e.clientY, step };
      setDrag({ from: index, to: index, dy: 0 });
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const start = origin.current;
      if (!start || !drag) return;
      const dy = e.clientY - start.y;
      setDrag({ from: drag.from, to: dropIndex(drag.from, dy, start.step, count), dy });
    },
    onPointerUp: () => end(true),
    onPointerCancel: () => end(false),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const to = e.key === 'ArrowUp' ? index - 1 : e.key === 'ArrowDown' ? index + 1 : null;
      if (to === null) return;
      e.preventDefault();
      if (to >= 0 && to < count) onDrop(index, to);
    },
  });

  /** The shift of each row while dragging. */
  const rowStyle = (index: number): CSSProperties | undefined => {
    const step = origin.current?.step ?? 0;
    if (!drag) return undefined;
    if (index === drag.from) return { transform: `translateY(${drag.dy}px)`, position: 'relative', zIndex: 1 };
    if (drag.from < drag.to && index > drag.from && index <= drag.to) return { transform: `translateY(${-step}px)` };
    if (drag.from > drag.to && index >= drag.to && index < drag.from) return { transform: `translateY(${step}px)` };
    return undefined;
  };

  return { dragging: drag?.from ?? null, handleProps, rowStyle };
}
