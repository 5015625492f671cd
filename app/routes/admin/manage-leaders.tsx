import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { FormActions, FormField, RowFields, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { RevisionHistory } from "#app/components/admin/RevisionHistory.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { getLeaders, leadersHistory, leadersSchema } from "#server/domain/leaders/leaders.ts";
import { revisionPanel } from "#server/domain/revisions/revisions.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/manage-leaders";
import styles from "./manage-leaders.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "운영진 관리", noIndex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [{ value, version }, history] = await Promise.all([
    getLeaders(db),
    revisionPanel(db, leadersHistory, "leaders", url),
  ]);
  return { leaders: value.leaders, version, rules: fieldRules(leadersSchema), history };
}

/** One row per role, in the order the form sends them; the last one may stay empty. */
const ROLES = ["회장", "부회장", "부회장 (선택)"] as const;

export default function ManageLeaders({ loaderData }: Route.ComponentProps) {
  const { leaders, version, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="운영진"
        description="홈페이지 아래쪽(푸터)에 회장과 부회장의 이름과 연락처가 표시됩니다. 두 번째 부회장은 비워 둘 수 있습니다."
      />
      <AdminForm savesDocumentAt={version} contentType="leaders" rules={rules} label="운영진 정보">
        {({ busy }) => (
          <>
            <div className={styles.rows}>
              {ROLES.map((role, index) => {
                // The last row is left out when empty, so nothing in it is needed.
                const last = index === ROLES.length - 1;
                return (
                  <fieldset key={role} className={styles.row}>
                    <legend className={styles.legend}>{role}</legend>
                    <RowFields index={index}>
                      <TextField
                        label="이름"
                        name="leaders.name"
                        required={last ? false : undefined}
                        defaultValue={leaders[index]?.name ?? ""}
                      />
                      <FormField
                        label="전화번호"
                        name="leaders.phoneNumber"
                        // The schema's rule is a pattern alone, which says nothing of "(필수)".
                        required={!last}
                        hint="예: 010-1234-5678"
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
                    </RowFields>
                  </fieldset>
                );
              })}
            </div>
            <FormActions>
              <Button type="submit" disabled={busy}>
                {busy ? "저장하는 중…" : "저장"}
              </Button>
            </FormActions>
          </>
        )}
      </AdminForm>
      <RevisionHistory contentType="leaders" what="운영진 정보" panel={loaderData.history} version={version} />
    </>
  );
}
