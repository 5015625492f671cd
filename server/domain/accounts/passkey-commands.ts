import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { command } from "#server/domain/write/content-type.ts";
import { formText, formValues } from "#server/domain/write/form-input.ts";
import { ConflictError, NotFoundError, RecordNotFoundError } from "#server/failures.ts";
import { objectParticle, particle } from "#shared/korean.ts";
import { checkPasswordAgain } from "./account-checks.ts";
import {
  checkRegistration,
  deletePasskey,
  keepPasskey,
  MAX_PASSKEYS,
  type Passkey,
  passkeyAddFields,
  passkeyBeginFields,
  passkeyName,
  passkeyRegistrationOptions,
  passkeyRenameFields,
  relyingParty,
  renamePasskey,
} from "./passkeys.ts";
import { type AccountClock, clientOf } from "./sign-in-steps.ts";

/**
 * A manager's passkeys: adding one (two steps, the current password first, then the device's
 * new key), renaming and removing one. Removing needs nothing more: it only takes a way in away.
 */
const quoted = (name: string) => `'${name}'`;

/** Step one: the current password asked again, then the options for the browser and the step's token. */
export function beginPasskey(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => ({
      category: "account",
      // A step of adding a passkey: the second step's entry says what was added.
      success: () => ({ message: "기기에서 패스키를 만들어 주세요.", entries: [] }),
      failure: `'${by.account.email}' 관리자가 패스키를 추가하지 못했습니다`,
    }),
    read: async (form, db, by) => {
      const { password } = passkeyBeginFields.parse(formValues(form, ["name", "password"]));
      await checkPasswordAgain(db, by, password, clock);
      return relyingParty(db, clientOf(by).origin ?? "http://localhost");
    },
    run: async (trx, _files, rp, by): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; token: string }> => {
      const started = await passkeyRegistrationOptions(trx, by.account, rp, clock.now());
      if ("full" in started) {
        throw new ConflictError(`패스키는 ${MAX_PASSKEYS}개까지 등록할 수 있습니다. 안 쓰는 것을 먼저 삭제해 주세요.`);
      }
      return started;
    },
  });
}

/** Step two: the device's answer checked, and the new passkey kept under its name. */
export function addPasskey(clock: AccountClock) {
  return command({
    describe: (form, _db, by) => {
      const name = formText(form, "name").trim().slice(0, 60);
      return {
        category: "account",
        success: (passkey: Passkey) => ({
          message: `패스키 ${quoted(passkey.name)}${objectParticle(passkey.name)} 추가했습니다. 다음부터 이 기기로 로그인할 수 있습니다.`,
          entries: [
            `'${by.account.email}' 관리자가 패스키 ${quoted(passkey.name)}${objectParticle(passkey.name)} 추가했습니다`,
          ],
        }),
        failure: name
          ? `'${by.account.email}' 관리자가 패스키 ${quoted(name)}${objectParticle(name)} 추가하지 못했습니다`
          : `'${by.account.email}' 관리자가 패스키를 추가하지 못했습니다`,
      };
    },
    read: async (form, db, by) => {
      const { response, name } = passkeyAddFields.parse(formValues(form, ["response", "name"]));
      const client = clientOf(by);
      const rp = await relyingParty(db, client.origin ?? "http://localhost");
      const token = client.challengeToken;
      const checked = await checkRegistration(db, { account: by.account, token, response, rp }, clock.now());
      if (checked.outcome === "expired") {
        throw new NotFoundError("확인 시간이 지났습니다. 패스키 추가를 다시 눌러 주세요.", {
          status: 410,
          auditText: "패스키 확인 시간이 지났습니다",
        });
      }
      if (checked.outcome === "refused") throw refusedAnswer();
      return { credential: checked.credential, name };
    },
    run: async (trx, _files, { credential, name }, by) => {
      const passkey = await keepPasskey(trx, by.account.id, credential, name, clock.now());
      if (!passkey) throw refusedAnswer();
      return passkey;
    },
  });
}

const refusedAnswer = () =>
  new ConflictError("기기의 응답을 확인하지 못해 패스키를 추가하지 않았습니다.", {
    auditText: "기기의 응답을 확인하지 못했습니다",
  });

export const renamePasskeyCommand = command({
  describe: async (form, db, by) => {
    const old = (await passkeyName(db, by.account.id, formText(form, "id"))) ?? "";
    const next = formText(form, "name").trim().slice(0, 60);
    return {
      category: "account",
      success: `'${by.account.email}' 관리자가 패스키 ${quoted(old)}의 이름을 ${quoted(next)}${particle(next, "으로/로")} 바꿨습니다`,
      failure: `'${by.account.email}' 관리자가 패스키 ${quoted(old)}의 이름을 바꾸지 못했습니다`,
    };
  },
  read: (form) => passkeyRenameFields.parse(formValues(form, ["id", "name"])),
  run: async (trx, _files, { id, name }, by) => {
    if (!(await renamePasskey(trx, by.account.id, id, name))) throw new RecordNotFoundError();
  },
});

export const removePasskeyCommand = command({
  describe: async (form, db, by) => {
    const name = (await passkeyName(db, by.account.id, formText(form, "id"))) ?? "";
    return {
      category: "account",
      success: () => ({
        message: "패스키를 삭제했습니다. 그 기기로는 더 이상 로그인할 수 없습니다.",
        entries: [`'${by.account.email}' 관리자가 패스키 ${quoted(name)}${objectParticle(name)} 삭제했습니다`],
      }),
      failure: `'${by.account.email}' 관리자가 패스키 ${quoted(name)}${objectParticle(name)} 삭제하지 못했습니다`,
    };
  },
  read: (form) => passkeyRenameFields.pick({ id: true }).parse(formValues(form, ["id"])).id,
  run: async (trx, _files, id, by) => {
    if (!(await deletePasskey(trx, by.account.id, id))) throw new RecordNotFoundError();
  },
});
