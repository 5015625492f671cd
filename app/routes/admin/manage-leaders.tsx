import { z } from "zod";
import { runWrite } from "../../../server/domain/admin/run-write.ts";
import { getLeaders, leaderSchema, saveLeaders } from "../../../server/domain/leaders/leaders.ts";
import { requireAdministrator } from "../../../server/http/admin-auth.ts";
import { actionResponse } from "../../../server/http/write-response.ts";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { FormActions, FormField, TextInput } from "../../components/admin/FormField.tsx";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { getServices } from "../../context.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage-leaders";
import styles from "./manage-leaders.module.css";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "운영진 관리", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { value, version } = await getLeaders(getServices(context).db);
  return { leaders: value.leaders, version };
}

const ROLES = ["회장", "부회장", "부회장 (선택)"] as const;

/** The form as sent: three rows of name and phone; the third row may be left empty. */
const leadersForm = z
  .object({
    version: z.coerce.number().int().min(1),
    name: z.array(z.string()).length(3),
    phoneNumber: z.array(z.string()).length(3),
  })
  .transform(({ version, name, phoneNumber }, ctx) => {
    const leaders = [];
    for (const [index, role] of ROLES.entries()) {
      const entry = {
        name: name[index]?.trim() ?? "",
        phoneNumber: phoneNumber[index]?.trim() ?? "",
      };
      if (index === 2 && entry.name === "" && entry.phoneNumber === "") continue;
      const parsed = leaderSchema.safeParse(entry);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({
            code: "custom",
            path: [`${String(issue.path[0])}.${index}`],
            message: `${role}: ${issue.message}`,
          });
        }
      }
      leaders.push(entry);
    }
    return { version, leaders };
  });

export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const form = await args.request.formData();
  const result = await runWrite(
    services,
    session.administrator.email,
    {
      category: "leaders",
      success: "운영진 정보가 수정되었습니다",
      failure: "운영진 정보 수정에 실패했습니다",
    },
    async (trx) => {
      const { version, leaders } = leadersForm.parse({
        version: form.get("version"),
        name: form.getAll("name"),
        phoneNumber: form.getAll("phoneNumber"),
      });
      await saveLeaders(trx, { leaders }, version);
    },
  );
  return actionResponse(result);
}

export default function ManageLeaders({ loaderData }: Route.ComponentProps) {
  const { leaders, version } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="운영진"
        description="홈페이지 아래쪽(푸터)에 회장과 부회장의 이름과 연락처가 표시됩니다. 두 번째 부회장은 비워 둘 수 있습니다."
      />
      <AdminForm action="/admin/manage-leaders" label="운영진 정보" resetKey={version}>
        {({ fieldErrors, busy }) => (
          <>
            <input type="hidden" name="version" value={version} />
            <div className={styles.rows}>
              {ROLES.map((role, index) => (
                <fieldset key={role} className={styles.row}>
                  <legend className={styles.legend}>{role}</legend>
                  <FormField
                    label="이름"
                    name="name"
                    required={index < 2}
                    error={fieldErrors[`name.${index}`]}
                  >
                    {(field) => (
                      <TextInput
                        {...field}
                        defaultValue={leaders[index]?.name ?? ""}
                        autoComplete="off"
                        maxLength={30}
                      />
                    )}
                  </FormField>
                  <FormField
                    label="전화번호"
                    name="phoneNumber"
                    required={index < 2}
                    hint="예: 010-1234-5678"
                    error={fieldErrors[`phoneNumber.${index}`]}
                  >
                    {(field) => (
                      <TextInput
                        {...field}
                        type="tel"
                        inputMode="tel"
                        defaultValue={leaders[index]?.phoneNumber ?? ""}
                        autoComplete="off"
                        maxLength={13}
                      />
                    )}
                  </FormField>
                </fieldset>
              ))}
            </div>
            <FormActions>
              <Button type="submit" disabled={busy}>
                {busy ? "저장하는 중…" : "저장"}
              </Button>
            </FormActions>
          </>
        )}
      </AdminForm>
    </>
  );
}
