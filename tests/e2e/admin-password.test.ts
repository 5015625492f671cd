import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { createAccountWithCli, landingPath, newClient, signedInClient, signInByPost } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** An account of its own (made with the command-line tool), so other files keep theirs. */
const account = { email: "e2e-password@club.test", password: "first-password" };

/**
 * The account page, open for the whole file in one browser signed in as the account (the form is
 * not the subject here: the other sessions are clients that sign in by a plain post, and the
 * sign-in page itself is tested in admin-sign-in).
 */
let page: Page;

beforeAll(async () => {
  await createAccountWithCli(account.email, account.password);
  page = await newPage();
  expect((await signInByPost(page.request, account)).status()).toBe(303);
  await page.goto("/admin/manage-password");
  await waitForHydration(page);
});

describe("changing the password", () => {
  test("each failure says what was wrong, next to the field", async () => {
    const save = page.getByRole("button", { name: "비밀번호 변경", exact: true });
    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel("현재 비밀번호").fill(current);
      await page.getByLabel("새 비밀번호 (필수)", { exact: true }).fill(next);
      await page.getByLabel("새 비밀번호 확인").fill(confirm);
      await save.click();
    };
    /** The message appears next to the field, which points at it and is marked invalid. */
    const expectError = async (label: string, message: string) => {
      const field = page.getByLabel(label, { exact: true });
      // The field's own description (aria-describedby) carries the message.
      const description = async () => {
        const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
        const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
        return texts.join(" ");
      };
      await expect.poll(description).toContain(message);
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    };

    await save.click();
    await expectError("현재 비밀번호 (필수)", "현재 비밀번호를 입력해 주세요.");
    await expectError("새 비밀번호 (필수)", "새 비밀번호를 입력해 주세요.");
    await expect(page.getByRole("alert").textContent()).resolves.toContain("입력한 내용을 확인해 주세요.");

    await fill(account.password, "short", "short");
    await expectError("새 비밀번호 (필수)", "새 비밀번호는 6자 이상이어야 합니다.");

    await fill(account.password, "long-enough", "long-enougb");
    await expectError(
      "새 비밀번호 확인 (필수)",
      "새 비밀번호와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.",
    );

    await fill("not-my-password", "long-enough", "long-enough");
    await expectError("현재 비밀번호 (필수)", "현재 비밀번호가 올바르지 않습니다.");
    await expect(page.getByRole("alert").textContent()).resolves.toContain("현재 비밀번호가 올바르지 않습니다.");
    // The browser logs each refused (400) submission; nothing else may appear.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  });

  test("success ends the other session, says so, and keeps this one", async () => {
    const other = await signedInClient(account);

    await page.getByLabel("현재 비밀번호").fill(account.password);
    await page.getByLabel("새 비밀번호 (필수)", { exact: true }).fill("second-password");
    await page.getByLabel("새 비밀번호 확인").fill("second-password");
    await page.getByRole("button", { name: "비밀번호 변경", exact: true }).click();
    const status = page.getByRole("status").filter({ hasText: "비밀번호를 변경했습니다." });
    await status.waitFor();
    // The other browser from this test.
    await expect(status.textContent()).resolves.toMatch(
      /다른 기기와 브라우저에 남아 있던 로그인 [1-9]\d*개를 종료했습니다\./,
    );
    // The form is empty again.
    await expect(page.getByLabel("현재 비밀번호").inputValue()).resolves.toBe("");

    await expect(landingPath(other, "/admin")).resolves.toBe("/admin/login");

    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin");
    const log = page.getByRole("region", { name: "관리 기록" }).first();
    await log.getByText(`'${account.email}' 관리자의 비밀번호가 변경되었습니다`).first().waitFor();

    // The dashboard's filters find the failed attempt from the test above.
    await page.getByLabel("분류").selectOption({ label: "계정" });
    await page.getByLabel("결과").selectOption({ label: "실패" });
    await page.getByRole("button", { name: "적용" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "failure");
    expect(new URL(page.url()).searchParams.get("category")).toBe("account");
    await page.getByText(/^조건에 맞는 기록 \d+건$/).waitFor();
    await expectAbsent(log.getByText("계정으로 로그인했습니다"), {
      once: log.getByText(`'${account.email}' 관리자의 비밀번호를 바꾸지 못했습니다`).first(),
    });

    // The old password is refused from now on, in the sign-in page's words; the new one signs in.
    const fresh = await newClient();
    const refused = await signInByPost(fresh, account);
    expect(refused.status()).toBe(401);
    expect(await refused.text()).toContain("이메일 또는 비밀번호가 올바르지 않습니다.");
    const accepted = await signInByPost(fresh, { email: account.email, password: "second-password" });
    expect(accepted.status()).toBe(303);
    expect(accepted.headers().location).toBe("/admin");
  });

  test("ending the other sessions asks first, in a dialog", async () => {
    const other = await signedInClient({ email: account.email, password: "second-password" });
    // The page left at the dashboard by the test above, opened again so that it lists the new session.
    await page.goto("/admin/manage-password");
    await waitForHydration(page);
    const endAll = page.getByRole("button", { name: "다른 로그인 모두 종료" });
    await endAll.click();
    const dialog = page.getByRole("dialog", { name: "다른 로그인을 모두 종료할까요?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "취소" }).click();
    await dialog.waitFor({ state: "hidden" });

    await endAll.click();
    await dialog.getByRole("button", { name: "모두 종료" }).click();
    await page.getByRole("status").filter({ hasText: "로그인" }).waitFor();
    await expect(page.getByRole("status").filter({ hasText: "종료했습니다" }).textContent()).resolves.toMatch(
      /다른 기기와 브라우저의 로그인 [1-9]\d*개를 종료했습니다\./,
    );
    await expect(landingPath(other, "/admin")).resolves.toBe("/admin/login");
    await expect(endAll.isDisabled()).resolves.toBe(true);
  });
});
