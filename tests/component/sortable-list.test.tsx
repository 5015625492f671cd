import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, test, vi } from "vitest";
import { SortableList } from "#app/components/sortable/SortableList.tsx";

const names = ["가을 세미나", "겨울 캠프", "봄 MT"];

/** The list as a page holds it: the order it is given changes when it reports a new one. */
function Periods({
  initial = names,
  onReorder = () => {},
  disabled = false,
}: {
  initial?: string[];
  onReorder?: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <SortableList
        items={items}
        getId={(name) => name}
        getLabel={(name) => name}
        label="학기 순서"
        disabled={disabled}
        onReorder={(ids) => {
          onReorder(ids);
          setItems(ids);
        }}
        renderItem={(name) => <span>{name}</span>}
      />
      <button type="button" onClick={() => setItems((shown) => [...shown].reverse())}>
        다른 곳에서 저장
      </button>
    </>
  );
}

const list = () => screen.getByRole("list", { name: "학기 순서" });
const order = () =>
  within(list())
    .getAllByRole("button", { name: /순서 바꾸기$/ })
    .map((handle) => handle.getAttribute("aria-label")?.replace(/^'(.*)' 순서 바꾸기$/, "$1"));
const handle = (name: string) => screen.getByRole("button", { name: `'${name}' 순서 바꾸기` });
/** What the list's live region says now (its particles may be written either way). */
const announcement = () => screen.getByRole("status").textContent ?? "";

describe("SortableList", () => {
  test("a row is lifted with Space, moved with the arrows and dropped with Space, each step announced", async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Periods onReorder={onReorder} />);

    handle("가을 세미나").focus();
    await user.keyboard(" ");
    expect(announcement()).toMatch(/'가을 세미나'.*들었습니다\. 현재 1번째입니다/);
    await user.keyboard("{ArrowDown}");
    expect(announcement()).toMatch(/'가을 세미나'.* 2번째 자리로 갑니다/);
    await user.keyboard("{ArrowDown}");
    expect(announcement()).toMatch(/'가을 세미나'.* 3번째 자리로 갑니다/);
    // Past the end it stays at the last place.
    await user.keyboard("{ArrowDown}");
    expect(announcement()).toMatch(/ 3번째 자리로 갑니다/);
    await user.keyboard("{ArrowUp}");
    expect(announcement()).toMatch(/ 2번째 자리로 갑니다/);
    await user.keyboard(" ");

    expect(announcement()).toMatch(/'가을 세미나'.* 2번째 자리에 놓았습니다/);
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(["겨울 캠프", "가을 세미나", "봄 MT"]);
    expect(order()).toEqual(["겨울 캠프", "가을 세미나", "봄 MT"]);
    // The moved row keeps the focus, so the next move can start at once.
    expect(document.activeElement).toBe(handle("가을 세미나"));
  });

  test("Enter lifts and drops as Space does", async () => {
    const user = userEvent.setup();
    render(<Periods />);
    handle("봄 MT").focus();
    await user.keyboard("{Enter}{ArrowUp}{Enter}");
    expect(order()).toEqual(["가을 세미나", "봄 MT", "겨울 캠프"]);
  });

  test("Escape, or leaving the handle, puts the row back where it was", async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Periods onReorder={onReorder} />);

    handle("가을 세미나").focus();
    await user.keyboard(" {ArrowDown}{Escape}");
    expect(announcement()).toMatch(/이동을 취소했습니다\. '가을 세미나'.* 제자리에 있습니다/);

    await user.keyboard(" {ArrowDown}");
    await user.tab();
    expect(announcement()).toMatch(/이동을 취소했습니다/);
    expect(onReorder).not.toHaveBeenCalled();
    expect(order()).toEqual(names);
  });

  test("the up and down buttons move a row one place; the ends have none to press", async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Periods onReorder={onReorder} />);

    expect(screen.getByRole("button", { name: "'가을 세미나' 위로" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "'봄 MT' 아래로" })).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("button", { name: "'가을 세미나' 아래로" }));
    expect(onReorder).toHaveBeenLastCalledWith(["겨울 캠프", "가을 세미나", "봄 MT"]);
    await user.click(screen.getByRole("button", { name: "'봄 MT' 위로" }));
    expect(order()).toEqual(["겨울 캠프", "봄 MT", "가을 세미나"]);
  });

  test("a list that is locked takes no moves", async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Periods onReorder={onReorder} disabled />);

    expect(handle("가을 세미나").getAttribute("aria-disabled")).toBe("true");
    handle("가을 세미나").focus();
    await user.keyboard(" {ArrowDown} ");
    for (const button of screen.getAllByRole("button", { name: /(위로|아래로)$/ })) {
      expect(button).toHaveProperty("disabled", true);
    }
    expect(onReorder).not.toHaveBeenCalled();
    expect(announcement()).toBe("");
  });

  test("an order that changes under a lifted row (a save elsewhere) drops the lift, and nothing is moved", async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Periods onReorder={onReorder} />);

    handle("가을 세미나").focus();
    await user.keyboard(" {ArrowDown}");
    act(() => screen.getByRole("button", { name: "다른 곳에서 저장" }).click());
    handle("가을 세미나").focus();
    await user.keyboard("{ArrowDown} ");
    // The Space lifted the row again instead of dropping it somewhere the manager did not see.
    expect(onReorder).not.toHaveBeenCalled();
    expect(announcement()).toMatch(/'가을 세미나'.*들었습니다\. 현재 3번째입니다/);
  });

  test("the list and its handles say how to use them", () => {
    render(<Periods />);
    expect(list().getAttribute("aria-describedby")).toBeTruthy();
    const description = document.getElementById(handle("겨울 캠프").getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toMatch(/스페이스 키로 항목을 들고/);
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("assertive");
  });
});
