import { Link, useNavigate } from "react-router";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";
import ld from "#app/components/admin/ListDetail.module.css";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import type { ManagedPeriod } from "#server/domain/courses/manage.ts";
import type { FieldRules } from "#shared/field-rules.ts";

const TYPE = "courses";

/**
 * The periods, in the order the public page lists them: each a link that chooses it, the chosen
 * one with its rename and delete; reordered in place; a new one added under the list (and
 * chosen at once).
 */
export function PeriodList({
  periods,
  selected,
  rules,
}: {
  periods: ManagedPeriod[];
  selected: ManagedPeriod | undefined;
  rules: FieldRules;
}) {
  const navigate = useNavigate();
  return (
    <section className={ld.list} aria-labelledby="periods-title">
      <h2 id="periods-title" className={ld.heading}>
        학기 <span className={ld.count}>{periods.length}</span>
      </h2>
      <p className={ld.hint}>
        학기를 골라 그 학기의 기록을 편집합니다. 손잡이를 끌거나 화살표 버튼으로 순서를 바꿀 수 있습니다.
      </p>
      <ItemList
        contentType={TYPE}
        items={periods}
        getId={(period) => period.id}
        getLabel={(period) => period.name}
        label="학기 순서"
        reorder={{ intent: "reorder-periods" }}
        empty={null}
        renderItem={(period, announce) =>
          period.id === selected?.id ? (
            <ItemRow
              contentType={TYPE}
              id={period.id}
              version={period.version}
              label={`'${period.name}' 학기`}
              summary={{ title: period.name, details: [`항목 ${period.entryCount}개`] }}
              intents={{ update: "update-period", remove: "delete-period" }}
              removeTitle={`'${period.name}' 학기를 삭제할까요?`}
              removeMessage={
                <p>
                  이 학기와 그 학기의 프로젝트, 세션, 스터디 {period.entryCount}개가 모두 삭제됩니다. 되돌릴 수
                  없습니다.
                </p>
              }
              rules={rules}
              onRemoved={announce}
              fields={({ fieldErrors }) => (
                <FormField label="학기 이름" name="name" error={fieldErrors.name}>
                  {(field) => <TextInput {...field} defaultValue={period.name} autoComplete="off" />}
                </FormField>
              )}
            />
          ) : (
            <div className={ld.choiceRow}>
              <Link to={`?period=${period.id}`} className={ld.choice}>
                <span className={ld.choiceName}>{period.name}</span>
                <span className={ld.choiceMeta}>항목 {period.entryCount}개</span>
              </Link>
            </div>
          )
        }
      />
      <div className={ld.adder}>
        <AddItemForm
          contentType={TYPE}
          intent="create-period"
          label="새 학기 추가"
          submitLabel="학기 추가"
          rules={rules}
          onSaved={(result) => {
            if (typeof result.data === "string") {
              navigate(`?period=${result.data}`, { preventScrollReset: true });
            }
          }}
        >
          {({ fieldErrors }) => (
            <FormField
              label="새 학기"
              name="name"
              hint="예: 2027-1학기. 빈 기록으로 만들어져 목록 끝에 붙습니다."
              error={fieldErrors.name}
            >
              {(field) => <TextInput {...field} autoComplete="off" />}
            </FormField>
          )}
        </AddItemForm>
      </div>
    </section>
  );
}
