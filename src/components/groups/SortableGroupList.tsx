import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupTexts } from './texts';

/** Rows move up and down only. */
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * A list of groups sorted by dragging a row's handle (dnd-kit: a finger, a mouse, or the keyboard:
 * space or enter picks a row up, the arrow keys move it, space or enter puts it down), scrolling
 * the page as a row nears its edge; what happens is told to screen readers in the app's language.
 * `onMove(from, to)` runs on dropping a row somewhere else.
 */
export function SortableGroupList(props: {
  ids: readonly UniqueIdentifier[];
  names: readonly string[];
  texts: GroupTexts;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { ids, onMove } = props;
  const sensors = useSensors(
    // A tap on the handle is not a drag: it starts once the pointer has moved a few pixels.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useSortAnnouncements(props);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = ids.indexOf(active.id);
    const to = over ? ids.indexOf(over.id) : -1;
    if (from >= 0 && to >= 0 && to !== from) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical]}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids as UniqueIdentifier[]} strategy={verticalListSortingStrategy}>
        <ul className="group-list" aria-label={t(`${props.texts}.title`)}>
          {props.children}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/**
 * dnd-kit's instructions and announcements, from the catalogue (`<texts>.sort`). A row is "over"
 * its own place as soon as it is picked up: that is not a move, and would drown the pick-up.
 */
function useSortAnnouncements(props: {
  ids: readonly UniqueIdentifier[];
  names: readonly string[];
  texts: GroupTexts;
}) {
  const { t } = useTranslation();
  const { ids, names, texts } = props;
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const told = (key: 'picked' | 'moved' | 'dropped' | 'cancelled', active: UniqueIdentifier, at: UniqueIdentifier) =>
    t(`${texts}.sort.${key}`, {
      name: names[ids.indexOf(active)] ?? '',
      position: ids.indexOf(at) + 1,
      count: ids.length,
    });
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return told('picked', active.id, active.id);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return told('moved', active.id, over.id);
    },
    onDragEnd: ({ active, over }) =>
      over ? told('dropped', active.id, over.id) : told('cancelled', active.id, active.id),
    onDragCancel: ({ active }) => told('cancelled', active.id, active.id),
  };
  return { announcements, screenReaderInstructions: { draggable: t(`${texts}.sort.instructions`) } };
}
