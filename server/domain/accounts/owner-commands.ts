import { command } from "#server/domain/write/content-type.ts";
import { formText, formValues } from "#server/domain/write/form-input.ts";
import type { WriteDescription } from "#server/domain/write/run-write.ts";
import { formatLongDate, parseSeoulWallClock } from "#shared/dates.ts";
import { withParticle } from "#shared/korean.ts";
import { isRole, roleLabels } from "#shared/roles.ts";
import type { SecondFactorsReset } from "./accounts.ts";
import { accountEmail, targetFields } from "./manage.ts";
import {
  accessEndFields,
  changeRole,
  endSessionsOf,
  handOverOwnership,
  resetSecondFactorOf,
  roleFields,
  setAccessEnd,
} from "./roles.ts";

/**
 * The owners' commands on other accounts (the managers' page and the handover page): a role,
 * ownership handed over, the end of someone's access, and their sign-in security. Part of the
 * accounts type, so they need an owner like the rest of it.
 */
const readTarget = (form: FormData) => targetFields.parse(formValues(form, ["id"])).id;

async function named(form: FormData, db: Parameters<typeof accountEmail>[0]): Promise<string> {
  const email = await accountEmail(db, formText(form, "id"));
  return email ? `'${email}' ` : "";
}

export const ownerCommands = {
  "set-role": command({
    describe: async (form, db): Promise<WriteDescription<{ changed: boolean }>> => {
      const who = await named(form, db);
      const role = formText(form, "role");
      const label = isRole(role) ? roleLabels[role] : "알 수 없는 역할";
      return {
        category: "account",
        success: ({ changed }) =>
          changed
            ? `${who}관리자의 역할이 ${withParticle(label, "으로/로")} 바뀌었습니다`
            : `${who}관리자는 이미 ${label}입니다`,
        failure: `${who}관리자의 역할을 바꾸지 못했습니다`,
      };
    },
    read: (form) => roleFields.parse(formValues(form, ["id", "role"])),
    run: (trx, _files, { id, role }) => changeRole(trx, id, role),
  }),
  "hand-over": command({
    describe: async (form, db, by) => {
      const who = await named(form, db);
      return {
        category: "account",
        success: `${who}관리자에게 소유권을 넘겼습니다 ('${by.account.email}' 관리자는 편집자가 되었습니다)`,
        failure: `${who}관리자에게 소유권을 넘기지 못했습니다`,
      };
    },
    read: readTarget,
    run: (trx, _files, id, by) => handOverOwnership(trx, id, by.account.id),
  }),
  "set-access-end": command({
    describe: async (form, db): Promise<WriteDescription<{ endsAt: string | null }>> => {
      const who = await named(form, db);
      return {
        category: "account",
        success: ({ endsAt }) =>
          endsAt
            ? `${who}관리자의 사용 기간을 ${formatLongDate(parseSeoulWallClock(formText(form, "endsOn"), "12:00") ?? formText(form, "endsOn"))}까지로 정했습니다`
            : `${who}관리자의 사용 기간 제한을 없앴습니다`,
        failure: `${who}관리자의 사용 기간을 정하지 못했습니다`,
      };
    },
    read: (form) => accessEndFields.parse(formValues(form, ["id", "endsOn"])),
    run: (trx, _files, input, by) => setAccessEnd(trx, input, by.account.id),
  }),
  "reset-second-factor": command({
    describe: async (form, db): Promise<WriteDescription<SecondFactorsReset>> => {
      const who = await named(form, db);
      return {
        category: "account",
        success: ({ passkeys, authenticatorApp, endedSessions }) =>
          `${who}관리자의 2단계 인증을 초기화했습니다 ` +
          `(패스키 ${passkeys}개 삭제, 인증 앱 ${authenticatorApp ? "해제" : "없음"}, 세션 ${endedSessions}개 종료)`,
        failure: `${who}관리자의 2단계 인증을 초기화하지 못했습니다`,
      };
    },
    read: readTarget,
    run: (trx, _files, id, by) => resetSecondFactorOf(trx, id, by.account.id),
  }),
  "end-sessions": command({
    describe: async (form, db): Promise<WriteDescription<number>> => {
      const who = await named(form, db);
      return {
        category: "account",
        success: (ended) => `${who}관리자의 세션 ${ended}개를 끝냈습니다`,
        failure: `${who}관리자의 세션을 끝내지 못했습니다`,
      };
    },
    read: readTarget,
    run: (trx, _files, id, by) => endSessionsOf(trx, id, by.account.id),
  }),
};
