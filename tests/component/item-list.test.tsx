import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, test, vi } from "vitest";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import { answerWrites, renderAdminPage } from "./support/admin-page.tsx";

vi.mock("#app/lib/uploads/send-form.ts");

interface Period {
  id: string;
  name: string;
}

type RenderPeriod = (period: Period, announce: (message: string) => void) => ReactNode;

/** The periods as a reorderable list, read again from `saved` whenever the page's data is reloaded. */
function renderPeriods(saved: { periods: Period[] }, renderItem: RenderPeriod = (period) => <p>{period.name}</p>) {
  return renderAdminPage(
    () => structuredClone(saved.periods),
    (periods) => (
      <ItemList
        contentType="courses"
        items={periods}
        getId={(period) => period.id}
        getLabel={(period) => period.name}
        label="학기 순서"
        reorder={{ intent: "reorder-periods" }}
        renderItem={renderItem}
      />
    ),
  );
}

const orderShown = (list: HTMLElement) =>
  within(list)
    .getAllByRole("button", { name: /순서 바꾸기$/ })
    .map((handle) => handle.getAttribute("aria-label")?.replace(/^'(.*)' 순서 바꾸기$/, "$1"));

/** Three periods in a list whose reorders the server saves, and the list as it shows. */
async function threePeriodsSavingTheirOrder() {
  const saved = {
    periods: [
      { id: "a", name: "2025-2학기" },
      { id: "b", name: "2026-1학기" },
      { id: "c", name: "2026-2학기" },
    ],
  };
  const sent = answerWrites(({ form }) => {
    const ids = form.getAll("id").map(String);
    saved.periods = ids.map((id) => saved.periods.find((period) => period.id === id) as Period);
    return { message: "학기 순서가 변경되었습니다." };
  });
  renderPeriods(saved);
  return { sent, list: await screen.findByRole("list", { name: "학기 순서" }) };
}

describe("ItemList", () => {
  test("a new order is shown at once, saved, and never jumps back while the page's data is reloaded", async () => {
    const user = userEvent.setup();
    const { sent, list } = await threePeriodsSavingTheirOrder();

    // Every order the list shows, from the press to the answer.
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(orderShown(list).join(",")));
    observer.observe(list, { childList: true, subtree: true });
    await user.click(screen.getByRole("button", { name: "'2025-2학기' 아래로" }));
    await screen.findByText("학기 순서가 변경되었습니다.");
    observer.disconnect();

    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/admin/api/courses");
    expect(sent[0]?.form.get("intent")).toBe("reorder-periods");
    expect(sent[0]?.form.getAll("expected")).toEqual(["a", "b", "c"]);
    expect(sent[0]?.form.getAll("id")).toEqual(["b", "a", "c"]);
    expect(orderShown(list)).toEqual(["2026-1학기", "2025-2학기", "2026-2학기"]);
    expect(new Set(shown)).toEqual(new Set(["2026-1학기,2025-2학기,2026-2학기"]));
  });

  test("a refused order shows the saved order again, says why, and offers the newest", async () => {
    const user = userEvent.setup();
    const saved = {
      periods: [
        { id: "a", name: "가" },
        { id: "b", name: "나" },
      ],
    };
    answerWrites(() => ({ ok: false, status: 409, conflict: true, message: "다른 관리자가 먼저 순서를 바꿨습니다." }));
    renderPeriods(saved);
    const list = await screen.findByRole("list", { name: "학기 순서" });

    await user.click(screen.getByRole("button", { name: "'가' 아래로" }));
    const notice = await screen.findByText("다른 관리자가 먼저 순서를 바꿨습니다.");
    expect(orderShown(list)).toEqual(["가", "나"]);
    expect(screen.getByText(/순서는 저장되지 않았습니다/)).toBeTruthy();
    // The notice takes focus, so it is read out where the row was.
    await waitFor(() => expect(notice.closest("[tabindex='-1']")).toBe(document.activeElement));

    saved.periods = [
      { id: "b", name: "나" },
      { id: "a", name: "가" },
      { id: "c", name: "다" },
    ];
    await user.click(screen.getByRole("button", { name: "최신 내용 불러오기" }));
    await waitFor(() => expect(orderShown(list)).toEqual(["나", "가", "다"]));
  });

  test("a deleted row leaves the list and its deletion is announced", async () => {
    const user = userEvent.setup();
    const saved = {
      periods: [
        { id: "a", name: "가" },
        { id: "b", name: "나" },
      ],
    };
    const sent = answerWrites(({ form }) => {
      saved.periods = saved.periods.filter((period) => period.id !== form.get("id"));
      return { message: "'가' 학기가 삭제되었습니다." };
    });
    renderPeriods(saved, (period, announce) => (
      <ItemRow
        contentType="courses"
        id={period.id}
        version={1}
        label={`'${period.name}' 학기`}
        summary={{ title: period.name }}
        intents={{ remove: "delete-period" }}
        removeTitle={`'${period.name}' 학기를 삭제할까요?`}
        removeMessage={<p>되돌릴 수 없습니다.</p>}
        onRemoved={announce}
        fields={() => null}
      />
    ));
    const list = await screen.findByRole("list", { name: "학기 순서" });
    const row = within(list).getByRole("article", { name: "가" });
    await user.click(within(row).getByRole("button", { name: "삭제" }));
    const dialog = screen.getByRole("dialog", { name: "'가' 학기를 삭제할까요?" });
    await user.click(within(dialog).getByRole("button", { name: "삭제" }));

    // The row's form is gone with the row; the list says what happened, where the row was.
    const notice = await screen.findByText("'가' 학기가 삭제되었습니다.");
    expect(orderShown(list)).toEqual(["나"]);
    expect(sent[0]?.form.get("intent")).toBe("delete-period");
    await waitFor(() => expect(notice.closest("[tabindex='-1']")).toBe(document.activeElement));
  });

  // Every admin list is an ItemList: a keyboard move on a row's handle is saved like a drag. The
  // browser suite moves one list by keyboard (admin-courses.test.ts); this covers the rest.
  test("a row lifted, moved and dropped with the keyboard on its handle is saved in its new place", async () => {
    const user = userEvent.setup();
    const { sent, list } = await threePeriodsSavingTheirOrder();

    within(list).getByRole("button", { name: "'2025-2학기' 순서 바꾸기" }).focus();
    await user.keyboard(" ");
    await user.keyboard("{ArrowDown}");
    await user.keyboard(" ");
    await screen.findByText("학기 순서가 변경되었습니다.");

    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.get("intent")).toBe("reorder-periods");
    expect(sent[0]?.form.getAll("expected")).toEqual(["a", "b", "c"]);
    expect(sent[0]?.form.getAll("id")).toEqual(["b", "a", "c"]);
    expect(orderShown(list)).toEqual(["2026-1학기", "2025-2학기", "2026-2학기"]);
  });
});
