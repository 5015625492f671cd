import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useId } from "react";
import styles from "./SortableList.module.css";

interface SortableListProps<Item> {
  items: Item[];
  getId: (item: Item) => string;
  /** The item's name as a screen reader should hear it while it moves. */
  getLabel: (item: Item) => string;
  /** Called with the ids in their new order after a drag, a keyboard move or a button press. */
  onReorder: (orderedIds: string[]) => void;
  renderItem: (item: Item) => ReactNode;
  /** The list's accessible name, e.g. "2026년 주요 활동 순서". */
  label: string;
  disabled?: boolean;
}

/**
 * A list the managers put in order by dragging, by keyboard (focus the handle, Space to lift,
 * arrow keys to move, Space to drop, Escape to cancel) or with the up and down buttons.
 */
export function SortableList<Item>({
  items,
  getId,
  getLabel,
  onReorder,
  renderItem,
  label,
  disabled = false,
}: SortableListProps<Item>) {
  const instructionsId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const labelOf = (id: string | number) => {
    const item = items.find((candidate) => getId(candidate) === id);
    return item ? `'${getLabel(item)}'` : "항목";
  };
  const positionOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${labelOf(active.id)}을(를) 들었습니다. 현재 ${positionOf(active.id)}번째입니다.`,
    onDragOver: ({ active, over }) =>
      over ? `${labelOf(active.id)}이(가) ${positionOf(over.id)}번째 자리로 갑니다.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)}을(를) ${positionOf(over.id)}번째 자리에 놓았습니다.`
        : `${labelOf(active.id)}을(를) 놓았습니다.`,
    onDragCancel: ({ active }) => `이동을 취소했습니다. ${labelOf(active.id)}은(는) 제자리에 있습니다.`,
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "순서를 바꾸려면 스페이스 키로 항목을 들고, 위아래 화살표 키로 옮긴 뒤 스페이스 키로 놓으세요. Esc 키를 누르면 취소합니다.",
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <p id={instructionsId} className="visually-hidden">
          손잡이를 끌거나, 손잡이에서 스페이스와 화살표 키로, 또는 위·아래 버튼으로 순서를 바꿀 수 있습니다.
        </p>
        <ol className={styles.list} aria-label={label} aria-describedby={instructionsId}>
          {items.map((item, index) => (
            <SortableRow
              key={getId(item)}
              id={getId(item)}
              label={getLabel(item)}
              isFirst={index === 0}
              isLast={index === items.length - 1}
              disabled={disabled}
              onMoveUp={() => move(index, index - 1)}
              onMoveDown={() => move(index, index + 1)}
            >
              {renderItem(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  isFirst,
  isLast,
  disabled,
  onMoveUp,
  onMoveDown,
  children,
}: {
  id: string;
  label: string;
  isFirst: boolean;
  isLast: boolean;
  disabled: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={styles.row}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={styles.handle}
        aria-label={`'${label}' 순서 바꾸기`}
        {...attributes}
        {...listeners}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="5" cy="3" r="1.4" />
          <circle cx="11" cy="3" r="1.4" />
          <circle cx="5" cy="8" r="1.4" />
          <circle cx="11" cy="8" r="1.4" />
          <circle cx="5" cy="13" r="1.4" />
          <circle cx="11" cy="13" r="1.4" />
        </svg>
      </button>
      <div className={styles.body}>{children}</div>
      <div className={styles.moves}>
        <button
          type="button"
          className={styles.move}
          onClick={onMoveUp}
          disabled={disabled || isFirst}
          aria-label={`'${label}' 위로`}
        >
          ↑
        </button>
        <button
          type="button"
          className={styles.move}
          onClick={onMoveDown}
          disabled={disabled || isLast}
          aria-label={`'${label}' 아래로`}
        >
          ↓
        </button>
      </div>
    </li>
  );
}
