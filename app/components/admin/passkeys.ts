import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { sendForm } from "#app/lib/uploads/send-form.ts";
import type { WriteResult } from "#shared/write-result.ts";

/**
 * The browser half of passkeys: both ceremonies post a form to an endpoint twice (the options,
 * then the authenticator's answer as JSON in a field) and read the one answer shape of every
 * admin write. The WebAuthn library is loaded when a button is pressed, so pages that never use
 * a passkey do not download it.
 */
const CANCELLED = "패스키 사용을 취소했거나 시간이 지났습니다. 다시 시도해 주세요.";
const UNREACHABLE = "서버에 연결하지 못했습니다. 네트워크를 확인한 뒤 다시 시도해 주세요.";

async function post(endpoint: string, fields: Record<string, string>): Promise<WriteResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  try {
    return await sendForm(endpoint, form);
  } catch {
    return { ok: false, status: 0, message: UNREACHABLE };
  }
}

function refused(message: string): WriteResult {
  return { ok: false, status: 0, message };
}

/** Why the browser's WebAuthn call failed, in words for the manager. */
function describeError(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return CANCELLED;
  if (name === "InvalidStateError") return "이 기기의 패스키는 이미 등록되어 있습니다.";
  if (name === "SecurityError") return "이 주소에서는 패스키를 쓸 수 없습니다. 사이트의 정식 주소로 접속해 주세요.";
  return "이 브라우저에서 패스키를 쓰지 못했습니다. 다른 방법으로 시도해 주세요.";
}

function optionsOf<T>(answer: WriteResult): T {
  return (answer.data as { options: T }).options;
}

export async function webAuthnAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Signs in with a passkey; on success the answer's data names where to go (`redirectTo`). */
export async function signInWithPasskey(input: { persistent: boolean; redirectTo: string }): Promise<WriteResult> {
  const endpoint = "/admin/login/passkey";
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await post(endpoint, { intent: "options", persistent: input.persistent ? "on" : "" });
  if (!options.ok) return options;
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: optionsOf<PublicKeyCredentialRequestOptionsJSON>(options) });
  } catch (error) {
    return refused(describeError(error));
  }
  return post(endpoint, { intent: "passkey", response: JSON.stringify(response), redirectTo: input.redirectTo });
}

/**
 * Adds a passkey of this device to the signed-in manager's account under `name`; the current
 * password is checked before the device is asked.
 */
export async function addPasskey(name: string, password: string): Promise<WriteResult> {
  const endpoint = "/admin/security/passkey";
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await post(endpoint, { intent: "passkey-begin", name, password });
  if (!options.ok) return options;
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: optionsOf<PublicKeyCredentialCreationOptionsJSON>(options) });
  } catch (error) {
    return refused(describeError(error));
  }
  return post(endpoint, { intent: "passkey-add", response: JSON.stringify(response), name });
}
