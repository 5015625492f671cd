import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { RevisionHistory } from "#app/components/admin/RevisionHistory.tsx";
import type { RevisionEntry, RevisionPanel } from "#server/domain/revisions/revisions.ts";
import { formatDateTime } from "#shared/dates.ts";
import { answerWrites, renderAdminPage } from "./support/admin-page.tsx";

vi.mock("#app/lib/uploads/send-form.ts");

// Newest first, as the server lists them.
const revisions: RevisionEntry[] = [
  {
    id: "r3",
    createdAt: "2026-03-04T06:00:00.000Z",
    actor: "editor@club.example",
    note: "restore",
    label: "회칙 전문",
    changes: { fields: ["본문"], words: { added: 1, removed: 1 } },
  },
  {
    id: "r2",
    createdAt: "2026-03-03T05:00:00.000Z",
    actor: "editor@club.example",
    note: "",
    label: "회칙 전문",
    changes: { fields: ["본문"] },
  },
  { id: "r1", createdAt: "2026-03-01T01:00:00.000Z", actor: "", note: "", label: "처음 내용", changes: { fields: [] } },
];
/** A save's time as the history shows it, to the second. */
const at = (id: string) =>
  formatDateTime(revisions.find((revision) => revision.id === id)?.createdAt ?? "", { seconds: true });
/** A version as a comparison's title names it: its time and who saved it. */
const named = (id: string) => `${at(id)} (${revisions.find((revision) => revision.id === id)?.actor || "기록 이전"})`;

/** The rules' history panel on its page; `comparison` is what the server compared, if asked. */
function renderHistory(panel: Partial<RevisionPanel> = {}) {
  return renderAdminPage(
    () => ({ subject: "rules", revisions, comparison: null, ...panel }),
    (data: RevisionPanel) => (
      <RevisionHistory
        contentType="rules"
        what="회칙"
        panel={data}
        version={7}
        restoreNote="첨부 파일은 그대로입니다."
      />
    ),
  );
}

/** The panel, by its heading (its table is named the same). */
const history = async () =>
  (await screen.findByRole("heading", { level: 2, name: "회칙 변경 기록" })).closest("section") as HTMLElement;
const rowOf = (id: string) => {
  const time = within(screen.getByRole("table")).getByText(at(id));
  return within(time.closest("tr") as HTMLElement);
};

describe("RevisionHistory", () => {
  test("every save, newest first, with when, who and what; the current one marked and not offered back", async () => {
    renderHistory();
    const table = within(await history()).getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelector("time")?.textContent)).toEqual([at("r3"), at("r2"), at("r1")]);
    expect(rowOf("r3").getByText("지금 내용")).toBeTruthy();
    expect(rowOf("r3").getByText("되돌림")).toBeTruthy();
    expect(rowOf("r3").queryByRole("button", { name: "이 버전으로 되돌리기" })).toBeNull();
    // The state found when history began has no author.
    expect(rowOf("r1").getByText("기록 이전")).toBeTruthy();
    expect(rowOf("r1").queryByText("지금 내용")).toBeNull();
    expect(rowOf("r2").getByRole("button", { name: "이 버전으로 되돌리기" })).toBeTruthy();
    // Ready to compare the last save: the one before it against the current one.
    const chosen = (end: string) => (id: string) =>
      (rowOf(id).getByRole("radio", { name: `${at(id)} 버전을 ${end}으로 비교` }) as HTMLInputElement).checked;
    expect(["r3", "r2", "r1"].map(chosen("이전"))).toEqual([false, true, false]);
    expect(["r3", "r2", "r1"].map(chosen("이후"))).toEqual([true, false, false]);
  });

  test("an older version is restored only after the question, which says what happens", async () => {
    const user = userEvent.setup();
    const sent = answerWrites(() => ({ message: `${at("r1")} 버전으로 되돌렸습니다.` }));
    renderHistory();
    await history();
    await user.click(rowOf("r1").getByRole("button", { name: "이 버전으로 되돌리기" }));
    const dialog = screen.getByRole("dialog", { name: `${at("r1")} 버전으로 되돌릴까요?` });
    expect(dialog.textContent).toContain("첨부 파일은 그대로입니다.");
    await user.click(within(dialog).getByRole("button", { name: "취소" }));
    expect(sent).toHaveLength(0);

    await user.click(rowOf("r1").getByRole("button", { name: "이 버전으로 되돌리기" }));
    await user.click(within(dialog).getByRole("button", { name: "되돌리기" }));
    await screen.findByText(`${at("r1")} 버전으로 되돌렸습니다.`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/admin/api/rules");
    const form = Object.fromEntries(sent[0]?.form ?? []);
    expect(form).toEqual({ intent: "restore", id: "rules", version: "7", revision: "r1" });
  });

  test("two versions compared word by word: what went and what came", async () => {
    renderHistory({
      comparison: {
        ok: true,
        from: "r1",
        to: "r3",
        changed: true,
        changes: { fields: ["본문"], words: { added: 1, removed: 1 } },
        parts: [
          { kind: "same", text: "회원은 " },
          { kind: "removed", text: "매주" },
          { kind: "added", text: "격주로" },
          { kind: "same", text: " 모입니다." },
        ],
      },
    });
    const comparison = await screen.findByRole("region", { name: `${named("r1")} 버전과 ${named("r3")} 버전 비교` });
    expect(comparison.querySelector("div del")?.textContent).toBe("매주");
    expect(comparison.querySelector("div ins")?.textContent).toBe("격주로");
    expect(comparison.textContent).toContain("회원은 매주격주로 모입니다.");
  });

  test("a comparison of equal versions says so, and one too large to compare says why", async () => {
    const { unmount } = renderHistory({
      comparison: { ok: true, from: "r2", to: "r3", changed: false, changes: { fields: [] }, parts: [] },
    });
    expect((await screen.findByRole("region", { name: /버전 비교$/ })).textContent).toContain(
      "두 버전의 내용이 같습니다.",
    );
    unmount();
    renderHistory({ comparison: { ok: false, from: "r1", to: "r3", message: "두 버전의 차이가 너무 큽니다." } });
    expect((await screen.findByRole("region", { name: /버전 비교$/ })).textContent).toContain(
      "두 버전의 차이가 너무 큽니다.",
    );
  });

  test("before the first save there is nothing to compare or restore", async () => {
    renderAdminPage(
      () => ({ subject: "rules", revisions: [], comparison: null }),
      (data: RevisionPanel) => <RevisionHistory contentType="rules" what="회칙" panel={data} version={1} />,
    );
    const panel = await history();
    expect(panel.textContent).toContain("아직 기록이 없습니다.");
    expect(within(panel).queryByRole("table")).toBeNull();
    expect(within(panel).queryByRole("button")).toBeNull();
  });
});
