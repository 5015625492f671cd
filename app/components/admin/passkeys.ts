import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

/**
 * The browser half of passkeys: both ceremonies post JSON to an endpoint twice (options, then
 * the authenticator's answer). The WebAuthn library is loaded when a button is pressed, so pages
 * that never use a passkey do not download it.
 */
export type PasskeyOutcome = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

const CANCELLED = "패스키 사용을 취소했거나 시간이 지났습니다. 다시 시도해 주세요.";
const UNREACHABLE = "서버에 연결하지 못했습니다. 네트워크를 확인한 뒤 다시 시도해 주세요.";

async function post(endpoint: string, body: unknown): Promise<PasskeyOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || json.ok !== true) {
    const message = typeof json.message === "string" ? json.message : `요청이 거절되었습니다 (${response.status}).`;
    return { ok: false, message };
  }
  return { ok: true, body: json };
}

/** Why the browser's WebAuthn call failed, in words for the manager. */
function describeError(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return CANCELLED;
  if (name === "InvalidStateError") return "이 기기의 패스키는 이미 등록되어 있습니다.";
  if (name === "SecurityError") return "이 주소에서는 패스키를 쓸 수 없습니다. 사이트의 정식 주소로 접속해 주세요.";
  return "이 브라우저에서 패스키를 쓰지 못했습니다. 다른 방법으로 시도해 주세요.";
}

export async function webAuthnAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Signs in with a passkey; on success the answer names where to go. */
export async function signInWithPasskey(input: { persistent: boolean; redirectTo: string }): Promise<PasskeyOutcome> {
  const endpoint = "/admin/login/passkey";
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await post(endpoint, { step: "options", persistent: input.persistent });
  if (!options.ok) return options;
  let response: unknown;
  try {
    response = await startAuthentication({
      optionsJSON: options.body.options as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    return { ok: false, message: describeError(error) };
  }
  return post(endpoint, { step: "verify", response, redirectTo: input.redirectTo });
}

/**
 * Adds a passkey of this device to the signed-in manager's account under `name`; the current
 * password is checked before the device is asked.
 */
export async function addPasskey(name: string, password: string): Promise<PasskeyOutcome> {
  const endpoint = "/admin/security/passkey";
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await post(endpoint, { step: "options", password });
  if (!options.ok) return options;
  let response: unknown;
  try {
    response = await startRegistration({
      optionsJSON: options.body.options as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    return { ok: false, message: describeError(error) };
  }
  return post(endpoint, { step: "verify", response, name });
}
