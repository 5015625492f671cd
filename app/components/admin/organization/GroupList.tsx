import { FormField, TextArea, TextField } from "#app/components/admin/FormField.tsx";
import ld from "#app/components/admin/ListDetail.module.css";
import { ChoiceList, type ChoicesOf } from "#app/components/admin/list/ChoiceList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import type { OrganizationGroup } from "#server/domain/organization/organization.ts";
import type { FieldRules } from "#shared/field-rules.ts";

const TYPE = "organization";
export const UNTITLED = "이름 없는 그룹";

/** How messages and buttons name a group: "'교육부' 그룹", or "이름 없는 그룹" before it has a name. */
export function groupLabel(group: OrganizationGroup): string {
  return group.title ? `'${group.title}' 그룹` : UNTITLED;
}

/**
 * The groups, in the chart's order; the chosen one with its name, description and delete (open
 * at once while it has no name yet). A new group is created empty at the end, and chosen.
 */
export function GroupList({ items: groups, selected, rules }: ChoicesOf<OrganizationGroup>) {
  return (
    <ChoiceList
      contentType={TYPE}
      param="group"
      title="그룹"
      hint="그룹을 골라 이름과 구성원을 편집합니다. 손잡이를 끌거나 화살표 버튼으로 순서를 바꿀 수 있습니다."
      items={groups}
      selectedId={selected?.id}
      getId={(group) => group.id}
      getName={(group) => group.title || UNTITLED}
      getMeta={(group) => `구성원 ${group.members.length}명`}
      isUntitled={(group) => !group.title}
      label="그룹 순서"
      reorderIntent="reorder-groups"
      renderSelected={(group, onRemoved) => <GroupRow group={group} rules={rules} onRemoved={onRemoved} />}
      adder={{
        intent: "create-group",
        label: "새 그룹 만들기",
        submitLabel: "새 그룹 만들기",
        children: () => (
          <p className={ld.hint}>빈 그룹이 목록 끝에 만들어집니다. 이름과 설명은 만든 뒤에 입력합니다.</p>
        ),
      }}
    />
  );
}

function GroupRow({
  group,
  rules,
  onRemoved,
}: {
  group: OrganizationGroup;
  rules: FieldRules;
  onRemoved: (message: string) => void;
}) {
  const label = groupLabel(group);
  const photoCount = group.members.filter((member) => member.photo).length;
  return (
    <ItemRow
      contentType={TYPE}
      id={group.id}
      version={group.version}
      label={label}
      summary={{
        title: group.title || UNTITLED,
        details: [`구성원 ${group.members.length}명`, group.description],
      }}
      intents={{ update: "update-group", remove: "delete-group" }}
      removeTitle={`${label}을 삭제할까요?`}
      removeMessage={
        <p>
          구성원 {group.members.length}명과 프로필 사진 {photoCount}장이 함께 삭제됩니다. 되돌릴 수 없습니다.
        </p>
      }
      rules={rules}
      // A group made a moment ago has no name: its fields are open to be filled in.
      startEditing={!group.title}
      onRemoved={onRemoved}
      fields={() => (
        <>
          <TextField label="그룹 이름" name="title" defaultValue={group.title} />
          <FormField label="설명" name="description" hint="그룹이 맡는 일을 한두 문장으로 적어 주세요.">
            {(field) => <TextArea {...field} defaultValue={group.description} rows={2} />}
          </FormField>
        </>
      )}
    />
  );
}
