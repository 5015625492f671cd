import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { withParticle } from "#shared/korean.ts";
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

/** A row that has been lifted: where it was, where it would land, and how it is being moved. */
interface Lift {
  from: number;
  to: number;
  by: "pointer" | "keyboard";
  /** How far the pointer has carried the row, in pixels (keyboard moves step from row to row). */
  offset: number;
}

/** The pointer moves this far before a press on the handle becomes a drag, so a click stays a click. */
const DRAG_THRESHOLD = 4;
/** Near the window's top or bottom edge a drag scrolls the page, this many pixels a frame at most. */
const EDGE = 48;
const SCROLL_STEP = 12;

/**
 * A list the managers put in order by dragging, by keyboard (focus the handle, Space to lift,
 * arrow keys to move, Space to drop, Escape to cancel) or with the up and down buttons.
 * Written here rather than taken from a drag-and-drop library: see decision 0025.
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
  const handleInstructionsId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [lift, setLiftState] = useState<Lift | null>(null);
  /** The same lift for the pointer's listeners, which outlive the render that made them. */
  const liftRef = useRef<Lift | null>(null);
  const setLift = (next: Lift | null) => {
    liftRef.current = next;
    setLiftState(next);
  };
  const [announcement, setAnnouncement] = useState("");
  /** The rows' boxes when the lift began; the moving row is compared with these. */
  const boxes = useRef<DOMRect[]>([]);
  /** The handle to give focus back to once the list shows its new order. */
  const refocus = useRef<string | null>(null);
  const ids = items.map(getId);
  const order = ids.join("\n");

  const nameAt = (index: number) => {
    const item = items[index];
    return item ? `'${getLabel(item)}'` : "항목";
  };

  // A list that changes under a lifted row (a save elsewhere, a reload), or one that locks, drops nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order and the lock are what end a lift
  useEffect(() => {
    liftRef.current = null;
    setLiftState(null);
  }, [order, disabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order is when the moved row's handle may have lost focus
  useLayoutEffect(() => {
    const id = refocus.current;
    refocus.current = null;
    if (!id) return;
    const handle = listRef.current?.querySelector<HTMLElement>(`[data-handle="${CSS.escape(id)}"]`);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [order]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const moved = ids[from] as string;
    next.splice(from, 1);
    next.splice(to, 0, moved);
    refocus.current = moved;
    onReorder(next);
  };

  const measure = () => {
    const rows = listRef.current ? Array.from(listRef.current.children) : [];
    boxes.current = rows.map((row) => row.getBoundingClientRect());
  };

  const begin = (index: number, by: Lift["by"]) => {
    measure();
    setLift({ from: index, to: index, by, offset: 0 });
    setAnnouncement(`${withParticle(nameAt(index), "을/를")} 들었습니다. 현재 ${index + 1}번째입니다.`);
  };
  const headFor = (current: Lift, to: number, offset = current.offset) => {
    if (to !== current.to)
      setAnnouncement(`${withParticle(nameAt(current.from), "이/가")} ${to + 1}번째 자리로 갑니다.`);
    setLift({ ...current, to, offset });
  };
  const drop = (current: Lift) => {
    setLift(null);
    setAnnouncement(`${withParticle(nameAt(current.from), "을/를")} ${current.to + 1}번째 자리에 놓았습니다.`);
    move(current.from, current.to);
  };
  const cancel = (current: Lift) => {
    setLift(null);
    setAnnouncement(`이동을 취소했습니다. ${withParticle(nameAt(current.from), "은/는")} 제자리에 있습니다.`);
  };

  /** The place a row dragged `offset` pixels from `from` would take: past every row whose middle it crossed. */
  const placeFor = (from: number, offset: number) => {
    const box = boxes.current[from];
    if (!box) return from;
    const middle = box.top + box.height / 2 + offset;
    let to = from;
    boxes.current.forEach((other, index) => {
      const otherMiddle = other.top + other.height / 2;
      if (index > from && middle > otherMiddle) to = index;
      if (index < from && middle < otherMiddle && index < to) to = index;
    });
    return to;
  };

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || liftRef.current || !event.isPrimary || event.button !== 0) return;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    // In page coordinates, so that a scroll during the drag carries the row along with the pointer.
    const startY = event.clientY + window.scrollY;
    let pointerY = event.clientY;
    let dragging = false;
    let frame = 0;

    const follow = () => {
      const offset = pointerY + window.scrollY - startY;
      if (!dragging) {
        if (Math.abs(offset) < DRAG_THRESHOLD) return;
        dragging = true;
        begin(index, "pointer");
      }
      const current = liftRef.current;
      if (current) headFor(current, placeFor(index, offset), offset);
    };
    const scrollAtEdges = () => {
      const step = pointerY < EDGE ? -SCROLL_STEP : pointerY > window.innerHeight - EDGE ? SCROLL_STEP : 0;
      if (dragging && step !== 0) {
        window.scrollBy(0, step);
        follow();
      }
      frame = requestAnimationFrame(scrollAtEdges);
    };
    const onMove = (moveEvent: globalThis.PointerEvent) => {
      pointerY = moveEvent.clientY;
      follow();
    };
    const finish = (dropped: boolean) => () => {
      cancelAnimationFrame(frame);
      handle.removeEventListener("pointermove", onMove);
      handle.removeEventListener("pointerup", onUp);
      handle.removeEventListener("pointercancel", onCancel);
      const current = liftRef.current;
      if (current?.by === "pointer") (dropped ? drop : cancel)(current);
    };
    const onUp = finish(true);
    const onCancel = finish(false);
    handle.addEventListener("pointermove", onMove);
    handle.addEventListener("pointerup", onUp);
    handle.addEventListener("pointercancel", onCancel);
    frame = requestAnimationFrame(scrollAtEdges);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    const current = liftRef.current;
    const lifted = current?.by === "keyboard" && current.from === index ? current : null;
    if (!lifted) {
      if ((event.key === " " || event.key === "Enter") && !current) {
        event.preventDefault();
        begin(index, "keyboard");
      }
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const to = Math.min(ids.length - 1, Math.max(0, lifted.to + (event.key === "ArrowDown" ? 1 : -1)));
      headFor(lifted, to);
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      drop(lifted);
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      cancel(lifted);
    }
  };

  /** How far each row stands from its place while another is lifted. */
  const shiftOf = (index: number): number => {
    if (!lift) return 0;
    const { from, to } = lift;
    const lifted = boxes.current[from];
    const target = boxes.current[to];
    if (!lifted || !target) return 0;
    if (index === from) {
      if (lift.by === "pointer") return lift.offset;
      return to > from ? target.bottom - lifted.bottom : target.top - lifted.top;
    }
    const next = boxes.current[from + 1] ?? boxes.current[from - 1];
    const gap = next ? Math.abs(next.top - lifted.top) - lifted.height : 0;
    if (from < index && index <= to) return -(lifted.height + gap);
    if (to <= index && index < from) return lifted.height + gap;
    return 0;
  };

  return (
    <>
      <p id={instructionsId} className="visually-hidden">
        손잡이를 끌거나, 손잡이에서 스페이스와 화살표 키로, 또는 위·아래 버튼으로 순서를 바꿀 수 있습니다.
      </p>
      <p id={handleInstructionsId} className="visually-hidden">
        순서를 바꾸려면 스페이스 키로 항목을 들고, 위아래 화살표 키로 옮긴 뒤 스페이스 키로 놓으세요. Esc 키를 누르면
        취소합니다.
      </p>
      <ol
        ref={listRef}
        className={styles.list}
        aria-label={label}
        aria-describedby={instructionsId}
        data-moving={lift ? lift.by : undefined}
      >
        {items.map((item, index) => {
          const id = getId(item);
          const name = getLabel(item);
          const shift = shiftOf(index);
          return (
            <li
              key={id}
              className={styles.row}
              data-dragging={lift?.from === index || undefined}
              style={shift ? { transform: `translateY(${shift}px)` } : undefined}
            >
              <button
                type="button"
                className={styles.handle}
                data-handle={id}
                aria-label={`'${name}' 순서 바꾸기`}
                aria-describedby={handleInstructionsId}
                aria-disabled={disabled || undefined}
                onPointerDown={onPointerDown(index)}
                onKeyDown={onKeyDown(index)}
                onBlur={() => {
                  const current = liftRef.current;
                  if (current?.by === "keyboard" && current.from === index) cancel(current);
                }}
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
              <div className={styles.body}>{renderItem(item)}</div>
              <div className={styles.moves}>
                <button
                  type="button"
                  className={styles.move}
                  onClick={() => move(index, index - 1)}
                  disabled={disabled || index === 0}
                  aria-label={`'${name}' 위로`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.move}
                  onClick={() => move(index, index + 1)}
                  disabled={disabled || index === items.length - 1}
                  aria-label={`'${name}' 아래로`}
                >
                  ↓
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
