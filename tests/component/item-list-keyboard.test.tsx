import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { answerWrites, renderAdminPage } from "./support/admin-page.tsx";

vi.mock("#app/lib/uploads/send-form.ts");

interface Post {
  id: string;
  caption: string;
}

/**
 * Every admin list (feed, activities, odaeho, sessions, members, groups) is an ItemList: a move
 * made with the keyboard on a row's handle is saved like a drag. The browser suite moves one
 * list by keyboard (admin-courses.test.ts); this covers the rest without a browser.
 */
describe("ItemList moved by keyboard", () => {
  test("a row lifted, moved and dropped on its handle is saved in its new place, and the saved order is shown", async () => {
    const user = userEvent.setup();
    const saved = {
      posts: [
        { id: "a", caption: "첫 사진" },
        { id: "b", caption: "둘째 사진" },
        { id: "c", caption: "셋째 사진" },
      ],
    };
    const sent = answerWrites(({ form }) => {
      const ids = form.getAll("id").map(String);
      saved.posts = ids.map((id) => saved.posts.find((post) => post.id === id) as Post);
      return { message: "피드 순서가 변경되었습니다." };
    });
    renderAdminPage(
      () => structuredClone(saved.posts),
      (posts) => (
        <ItemList
          contentType="feed"
          items={posts}
          getId={(post) => post.id}
          getLabel={(post) => post.caption}
          label="피드 순서"
          reorder={{ intent: "reorder" }}
          renderItem={(post) => <p>{post.caption}</p>}
        />
      ),
    );
    const list = await screen.findByRole("list", { name: "피드 순서" });

    within(list).getByRole("button", { name: "'첫 사진' 순서 바꾸기" }).focus();
    await user.keyboard(" ");
    await user.keyboard("{ArrowDown}");
    await user.keyboard(" ");
    await screen.findByText("피드 순서가 변경되었습니다.");

    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.get("intent")).toBe("reorder");
    expect(sent[0]?.form.getAll("expected")).toEqual(["a", "b", "c"]);
    expect(sent[0]?.form.getAll("id")).toEqual(["b", "a", "c"]);
    const shown = within(list)
      .getAllByRole("button", { name: /순서 바꾸기$/ })
      .map((handle) => handle.getAttribute("aria-label"));
    expect(shown).toEqual(["'둘째 사진' 순서 바꾸기", "'첫 사진' 순서 바꾸기", "'셋째 사진' 순서 바꾸기"]);
  });
});
