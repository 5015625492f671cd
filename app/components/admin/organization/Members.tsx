import { AddDisclosure } from "#app/components/admin/AddDisclosure.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { FileField } from "#app/components/admin/FileField.tsx";
import { TextField } from "#app/components/admin/FormField.tsx";
import ld from "#app/components/admin/ListDetail.module.css";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import { Avatar } from "#app/components/ui/Avatar.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { compressImageFields } from "#app/lib/uploads/prepare-images.ts";
import type { OrganizationGroup, OrganizationMember } from "#server/domain/organization/organization.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import styles from "./Organization.module.css";

const TYPE = "organization";
const compressPhoto = compressImageFields(["photo"]);

/** Compresses a chosen profile photo before a member is saved; other commands send no photo. */
function preparePhoto(form: FormData, onProgress: (label: string, percent: number) => void) {
  const intent = form.get("intent");
  if (intent !== "create-member" && intent !== "update-member") {
    form.delete("photo");
    return Promise.resolve(form);
  }
  return compressPhoto(form, onProgress);
}

/** The chosen group's members in order, each edited in place, and the form to add one. */
export function Members({ group, rules }: { group: OrganizationGroup; rules: FieldRules }) {
  return (
    <section className={styles.members} aria-labelledby="members-title">
      <h3 id="members-title" className={ld.subheading}>
        구성원 <span className={ld.count}>{group.members.length}</span>
      </h3>
      <ItemList
        contentType={TYPE}
        items={group.members}
        getId={(member) => member.id}
        getLabel={(member) => member.name}
        label="구성원 순서"
        reorder={{ intent: "reorder-members", fields: { groupId: group.id } }}
        empty={<p className={ld.empty}>아직 이 그룹에 구성원이 없습니다.</p>}
        renderItem={(member, announce) => (
          <ItemRow
            contentType={TYPE}
            id={member.id}
            version={member.version}
            label={`'${member.name}' 구성원`}
            summary={{
              media: (
                <Avatar person={member} sizes="48px" className={styles.avatar} initialClassName={styles.initial} />
              ),
              title: member.name,
              details: [member.role],
              level: 4,
            }}
            intents={{ update: "update-member", remove: "delete-member" }}
            removeTitle={`'${member.name}' 구성원을 삭제할까요?`}
            removeMessage={<p>프로필 사진도 함께 삭제됩니다. 되돌릴 수 없습니다.</p>}
            prepare={preparePhoto}
            rules={rules}
            onRemoved={announce}
            fields={({ fieldErrors }) => <MemberFields member={member} errors={fieldErrors} />}
            editActions={({ busy }) =>
              member.photo && (
                <ConfirmButton
                  title={`'${member.name}'의 프로필 사진을 삭제할까요?`}
                  message={<p>사진 파일이 지워지고, 공개 페이지에는 이름 첫 글자가 보입니다.</p>}
                  name="intent"
                  value="delete-photo"
                  variant="secondary"
                  disabled={busy}
                >
                  사진 삭제
                </ConfirmButton>
              )
            }
          />
        )}
      />
      <AddDisclosure summary="구성원 추가" defaultOpen={group.members.length === 0}>
        <AddItemForm
          contentType={TYPE}
          intent="create-member"
          hidden={{ groupId: group.id }}
          label="새 구성원"
          submitLabel="구성원 추가"
          prepare={compressPhoto}
          rules={rules}
        >
          {({ fieldErrors }) => <MemberFields errors={fieldErrors} />}
        </AddItemForm>
      </AddDisclosure>
    </section>
  );
}

function MemberFields({ member, errors }: { member?: OrganizationMember; errors: Record<string, string> }) {
  return (
    <div className={ld.fields}>
      <TextField label="이름" name="name" defaultValue={member?.name} />
      <TextField label="역할" name="role" hint="예: 교육부장" defaultValue={member?.role} />
      <div className={ld.wide}>
        <FileField
          label={member?.photo ? "새 프로필 사진" : "프로필 사진"}
          name="photo"
          kind="image"
          current={
            member?.photo && <ResponsiveImage image={member.photo} alt={`${member.name} 프로필 사진`} sizes="160px" />
          }
          hint="JPG, PNG, WebP 이미지. 올리기 전에 1024px, 4MB 이하로 줄여서 보냅니다."
          error={errors.photo}
        />
      </div>
    </div>
  );
}
