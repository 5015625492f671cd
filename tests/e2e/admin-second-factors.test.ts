import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { currentCode } from "#server/domain/accounts/authenticator-app.ts";
import { createAccountWithCli, sessionCookiesOf, signIn, signInByPost } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

/**
 * Signing in beyond passwords, in a real Chromium: a passkey made and used through Chromium's
 * virtual authenticator (DevTools protocol), and the authenticator app's codes computed here as
 * a phone would. Each test has an account of its own, made with the command-line tool, and
 * starts on its account page signed in by a plain post: the sign-ins it tests are the ones after.
 */
const { newPage } = setupBrowser();

async function signOut(page: Page) {
  await page.getByRole("button", { name: "로그아웃" }).click();
  await page.waitForURL((url) => url.searchParams.get("signedOut") === "1");
  await waitForHydration(page);
}

/** The account page, from the admin menu of the page (an admin page, just signed in to). */
async function openSecurityPage(page: Page) {
  await waitForHydration(page);
  await page.locator("aside").getByRole("link", { name: "패스키와 2단계 인증" }).click();
  await page.getByRole("heading", { level: 1, name: "패스키와 2단계 인증" }).waitFor();
}

/** The account page, loaded in a browser signed in as the account (see the note above). */
async function startOnSecurityPage(page: Page, account: { email: string; password: string }) {
  await sessionCookiesOf(page, account);
  await page.goto("/admin/security");
  await waitForHydration(page);
  await page.getByRole("heading", { level: 1, name: "패스키와 2단계 인증" }).waitFor();
}

describe("passkeys", () => {
  test("a manager adds a passkey on the account page and signs in with it alone; a deleted one is refused", async () => {
    const account = { email: "e2e-passkey@club.test", password: "passkey-password" };
    await createAccountWithCli(account.email, account.password);
    const page = await newPage({ host: "localhost" });
    // A platform authenticator that checks the user (as a fingerprint reader would) and keeps
    // discoverable credentials, answering without a person to touch it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await startOnSecurityPage(page, account);
    await page.getByText("등록된 패스키가 없습니다.").waitFor();
    const passkeys = page.getByRole("region", { name: "패스키", exact: true });
    await passkeys.getByLabel("새 패스키 이름").fill("테스트 노트북");
    await passkeys.getByLabel("현재 비밀번호").fill("not-the-password");
    await passkeys.getByRole("button", { name: "이 기기에 패스키 추가" }).click();
    await page.getByRole("alert").filter({ hasText: "현재 비밀번호가 올바르지 않습니다." }).waitFor();
    await passkeys.getByLabel("현재 비밀번호").fill(account.password);
    await passkeys.getByRole("button", { name: "이 기기에 패스키 추가" }).click();
    await page.getByRole("status").filter({ hasText: "패스키 '테스트 노트북'을 추가했습니다." }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "테스트 노트북" });
    await row.getByRole("cell", { name: "아직 없음" }).waitFor();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Signing in with the passkey needs neither the address nor the password.
    await signOut(page);
    await page.getByRole("button", { name: "패스키로 로그인" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    const log = page.getByRole("region", { name: "관리 기록" });
    await log.getByText(`'${account.email}' 계정으로 로그인했습니다 (패스키 '테스트 노트북')`).first().waitFor();
    await openSecurityPage(page);
    await expectAbsent(row.getByRole("cell", { name: "아직 없음" }), { once: row });

    // Deleted on the site, the passkey left on the device no longer signs in.
    await row.getByRole("button", { name: "삭제" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await page.getByText("등록된 패스키가 없습니다.").waitFor();
    await signOut(page);
    await page.getByRole("button", { name: "패스키로 로그인" }).click();
    const alert = page.getByRole("alert");
    await alert.filter({ hasText: "이 사이트에 등록된 패스키가 아니거나 확인에 실패했습니다." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    // The refused password (400) and passkey (401) are the only errors the browser reports.
    expect(consoleErrorsOf(page).filter((error) => !/40[01]/.test(error))).toEqual([]);
  });
});

/** Turns the authenticator app on from the account page, as a manager with a phone would. */
async function turnOnApp(page: Page, account: { email: string; password: string }) {
  await startOnSecurityPage(page, account);

  const app = page.getByRole("region", { name: "2단계 인증 (인증 앱)" });
  await app.getByLabel("현재 비밀번호").fill(account.password);
  await app.getByRole("button", { name: "인증 앱 연결하기" }).click();
  const qrCode = page.getByRole("img", { name: "인증 앱에 등록할 QR 코드" });
  await qrCode.waitFor();
  await expect(qrCode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(
    true,
  );
  const secret = ((await page.locator("code").first().textContent()) ?? "").replaceAll(" ", "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const setupTime = new Date();
  await page.getByLabel("앱에 보이는 코드").fill(currentCode(secret, setupTime));
  await page.getByRole("button", { name: "확인하고 켜기" }).click();
  const recovery = page.getByRole("region", { name: "복구 코드" });
  await recovery.waitFor();
  const codes = (await recovery.locator("code").allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await page.getByText("남은 복구 코드 10개").waitFor();
  return { secret, codes, setupTime };
}

/** The code page, open and ready for a code. */
async function onCodePage(page: Page) {
  await page.waitForURL((url) => url.pathname === "/admin/login/verify");
  await waitForHydration(page);
  await page.getByRole("heading", { level: 1, name: "2단계 인증" }).waitFor();
}

/** Signs in with the password through the sign-in page's form: the code page comes next. */
async function passwordFirst(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await onCodePage(page);
}

/**
 * The password step as a plain post (signInByPost) in a browser that has no session, then the
 * code page it leads to: for tests about the code step. `redirectTo` is where the sign-in goes on to.
 */
async function codePageAfterPost(page: Page, account: { email: string; password: string }, redirectTo?: string) {
  await page.context().clearCookies();
  const answer = await signInByPost(page.request, account, { redirectTo });
  expect(answer.status(), "the password step's answer").toBe(303);
  await page.goto(answer.headers().location ?? "");
  await onCodePage(page);
}

describe("the authenticator app", () => {
  // One account with the app turned on for both tests; each signs in from a browser of its own
  // and uses codes the other does not.
  const account = { email: "e2e-totp@club.test", password: "totp-password" };
  let app: Awaited<ReturnType<typeof turnOnApp>>;
  beforeAll(async () => {
    await createAccountWithCli(account.email, account.password);
    app = await turnOnApp(await newPage(), account);
  });

  test("turned on with a scanned secret, the password alone no longer signs in: the app's code is asked for", async () => {
    const page = await newPage();
    await passwordFirst(page, account);
    // A wrong code is refused.
    const nextStep = new Date(app.setupTime.getTime() + 30_000);
    const rightCode = currentCode(app.secret, nextStep);
    const wrongCode = String((Number(rightCode) + 500_000) % 1_000_000).padStart(6, "0");
    await page.getByLabel("인증 코드").fill(wrongCode);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "코드가 맞지 않습니다." }).waitFor();
    // The code of the next 30-second step (a phone's clock may run a little ahead) signs in.
    await page.getByLabel("인증 코드").fill(rightCode);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    const log = page.getByRole("region", { name: "관리 기록" });
    await log.getByText(`'${account.email}' 계정으로 로그인했습니다 (인증 앱 코드)`).first().waitFor();
  });

  test("a recovery code signs in once, in the recovery box or the main code box", async () => {
    const [inMainBox, first, second] = [app.codes[2] ?? "", app.codes[0] ?? "", app.codes[1] ?? ""];
    const page = await newPage();
    // The password step is the other test's subject: here it is posted, and the sign-ins after
    // the first go on to the account page, which shows how many codes are left.
    const security = "/admin/security";

    // Typed in the main code box as it was written down, in capitals with spaces for dashes.
    await codePageAfterPost(page, account);
    await page.getByLabel("인증 코드").fill(inMainBox.toUpperCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    const log = page.getByRole("region", { name: "관리 기록" });
    await log.getByText(`'${account.email}' 계정으로 로그인했습니다 (복구 코드)`).first().waitFor();

    // Spent, it is refused in the main box, and the field says why; another one in the
    // recovery box signs in.
    await codePageAfterPost(page, account, security);
    await page.getByLabel("인증 코드").fill(inMainBox);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "쓸 수 없는 복구 코드입니다." }).waitFor();
    await expect(page.getByLabel("인증 코드").getAttribute("aria-invalid")).resolves.toBe("true");
    expect(new URL(page.url()).pathname).toBe("/admin/login/verify");
    await page.getByText("휴대폰을 쓸 수 없나요? 복구 코드로 로그인").click();
    await page.getByLabel("복구 코드").fill(first);
    await page.getByRole("button", { name: "복구 코드로 로그인" }).click();
    await page.waitForURL((url) => url.pathname === security);
    await page.getByText("남은 복구 코드 8개").waitFor();

    // The same code in the recovery box again is refused; a third one signs in.
    await codePageAfterPost(page, account, security);
    await page.getByText("휴대폰을 쓸 수 없나요? 복구 코드로 로그인").click();
    await page.getByLabel("복구 코드").fill(first);
    await page.getByRole("button", { name: "복구 코드로 로그인" }).click();
    await page.getByRole("alert").filter({ hasText: "쓸 수 없는 복구 코드입니다." }).waitFor();
    await page.getByLabel("복구 코드").fill(second);
    await page.getByRole("button", { name: "복구 코드로 로그인" }).click();
    await page.waitForURL((url) => url.pathname === security);
    await page.getByText("남은 복구 코드 7개").waitFor();
  });
});
