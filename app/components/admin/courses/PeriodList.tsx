import { FormField, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { ChoiceList, type ChoicesOf } from "#app/components/admin/list/ChoiceList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import type { ManagedPeriod } from "#server/domain/courses/manage.ts";

const TYPE = "courses";

/** The periods, in the order the public page lists them; the chosen one with its rename and delete. */
export function PeriodList({ items: periods, selected, rules }: ChoicesOf<ManagedPeriod>) {
  return (
    <ChoiceList
      contentType={TYPE}
      param="period"
      title="학기"
      hint="학기를 골라 그 학기의 기록을 편집합니다. 손잡이를 끌거나 화살표 버튼으로 순서를 바꿀 수 있습니다."
      items={periods}
      selectedId={selected?.id}
      getId={(period) => period.id}
      getName={(period) => period.name}
      getMeta={(period) => `항목 ${period.entryCount}개`}
      label="학기 순서"
      reorderIntent="reorder-periods"
      renderSelected={(period, onRemoved) => (
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
              이 학기와 그 학기의 프로젝트, 세션, 스터디 {period.entryCount}개가 모두 삭제됩니다. 되돌릴 수 없습니다.
            </p>
          }
          rules={rules}
          onRemoved={onRemoved}
          fields={() => <TextField label="학기 이름" name="name" defaultValue={period.name} />}
        />
      )}
      adder={{
        intent: "create-period",
        label: "새 학기 추가",
        submitLabel: "학기 추가",
        rules,
        children: () => (
          <FormField label="새 학기" name="name" hint="예: 2027-1학기. 빈 기록으로 만들어져 목록 끝에 붙습니다.">
            {(field) => <TextInput {...field} autoComplete="off" />}
          </FormField>
        ),
      }}
    />
  );
}
