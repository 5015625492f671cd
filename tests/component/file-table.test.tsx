import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { FileTable } from "#app/components/admin/files/FileTable.tsx";
import type { LibraryFile } from "#server/domain/files/library.ts";

const file = (name: string, fields: Partial<LibraryFile> = {}): LibraryFile => ({
  id: name,
  name,
  kind: "pdf",
  contentType: "application/pdf",
  byteSize: 1_572_864,
  width: null,
  height: null,
  createdAt: "2026-03-02T01:05:00.000Z",
  url: `/files/${name}`,
  image: undefined,
  uses: [],
  ...fields,
});

const rules = file("회칙.pdf", {
  uses: [{ place: "회칙 첨부 파일", item: "'동아리 회칙'", href: "/admin/manage-rule" }],
});
const poster = file("포스터.webp", {
  kind: "image",
  contentType: "image/webp",
  byteSize: 20_480,
  width: 1600,
  height: 900,
  image: { id: "poster", url: "/uploads/poster.webp", width: 1600, height: 900, srcSet: "" },
});
const minutes = file("회의록.pdf");

/** The library page's table, holding what is ticked as the page does. */
function Library({ onDelete = () => {}, busy = false }: { onDelete?: (file: LibraryFile) => void; busy?: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <MemoryRouter>
      <FileTable
        files={[rules, poster, minutes]}
        selected={selected}
        busy={busy}
        onDelete={onDelete}
        onSelect={(id, checked) =>
          setSelected((was) => {
            const now = new Set(was);
            if (checked) now.add(id);
            else now.delete(id);
            return now;
          })
        }
      />
      <p>고른 파일: {[...selected].join(", ")}</p>
    </MemoryRouter>
  );
}

const row = (name: string) => {
  const link = screen.getByRole("link", { name: `${name} (새 탭)` });
  return within(link.closest("tr") as HTMLElement);
};

describe("FileTable", () => {
  test("each file opens in a new tab with its size, and a used one says where, linked, with nothing to tick or delete", () => {
    render(<Library />);
    const name = screen.getByRole("link", { name: "회칙.pdf (새 탭)" });
    expect([name.getAttribute("href"), name.getAttribute("target")]).toEqual(["/files/회칙.pdf", "_blank"]);
    const used = row("회칙.pdf");
    expect(used.getByText("PDF")).toBeTruthy();
    const where = used.getByRole("list", { name: "'회칙.pdf' 파일이 쓰이는 곳" });
    expect(within(where).getByRole("link", { name: "회칙 첨부 파일 '동아리 회칙'" }).getAttribute("href")).toBe(
      "/admin/manage-rule",
    );
    expect(used.queryByRole("checkbox")).toBeNull();
    expect(used.queryByRole("button", { name: "삭제" })).toBeNull();
    expect(row("포스터.webp").getByText("1600×900")).toBeTruthy();
  });

  test("an unused file is marked so, can be ticked for deleting with others, and unticked", async () => {
    const user = userEvent.setup();
    render(<Library />);
    const unused = row("회의록.pdf");
    expect(unused.getByText("쓰이지 않음")).toBeTruthy();
    await user.click(unused.getByRole("checkbox", { name: "'회의록.pdf' 고르기" }));
    await user.click(row("포스터.webp").getByRole("checkbox", { name: "'포스터.webp' 고르기" }));
    expect(screen.getByText(/^고른 파일:/).textContent).toBe("고른 파일: 회의록.pdf, 포스터.webp");
    await user.click(unused.getByRole("checkbox", { name: "'회의록.pdf' 고르기" }));
    expect(screen.getByText(/^고른 파일:/).textContent).toBe("고른 파일: 포스터.webp");
  });

  test("delete asks first: cancelling keeps the file, confirming deletes that one", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Library onDelete={onDelete} />);
    await user.click(row("회의록.pdf").getByRole("button", { name: "삭제" }));
    const dialog = screen.getByRole("dialog", { name: "'회의록.pdf' 파일을 삭제할까요?" });
    expect(dialog.textContent).toContain("되돌릴 수 없고");
    await user.click(within(dialog).getByRole("button", { name: "취소" }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(row("회의록.pdf").getByRole("button", { name: "삭제" }));
    await user.click(within(dialog).getByRole("button", { name: "파일 삭제" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete.mock.calls[0]?.[0]).toMatchObject({ id: "회의록.pdf" });
  });

  test("while a deletion is under way, nothing can be ticked or deleted", () => {
    render(<Library busy />);
    const unused = row("회의록.pdf");
    expect((unused.getByRole("checkbox") as HTMLInputElement).disabled).toBe(true);
    expect((unused.getByRole("button", { name: "삭제" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
