import { Link, useNavigate } from "react-router";
import { formValues, orderForm } from "../../../server/domain/admin/form-fields.ts";
import { describeChange, describeReorder } from "../../../server/domain/admin/messages.ts";
import {
  createGroup,
  deleteGroup,
  findGroup,
  groupNoun,
  reorderGroups,
  reorderMembers,
  updateGroup,
} from "../../../server/domain/organization/manage.ts";
import {
  listOrganization,
  type OrganizationGroup,
  type OrganizationMember,
} from "../../../server/domain/organization/organization.ts";
import { adminWriter, unknownIntent } from "../../../server/http/admin-write.ts";
import {
  readAdminForm,
  recordIdSchema,
  textValues,
  versionSchema,
} from "../../../server/http/form-fields.ts";
import { actionResponse } from "../../../server/http/write-response.ts";
import { AddDisclosure } from "../../components/admin/AddDisclosure.tsx";
import { AdminForm, type AdminFormState } from "../../components/admin/AdminForm.tsx";
import { ConfirmButton } from "../../components/admin/ConfirmButton.tsx";
import { EditableRow, RowSummary, useListNotice } from "../../components/admin/EditableRow.tsx";
import { FileField } from "../../components/admin/FileField.tsx";
import { FormActions } from "../../components/admin/FormField.tsx";
import ld from "../../components/admin/ListDetail.module.css";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { SavedSortableList } from "../../components/admin/SavedSortableList.tsx";
import { TextAreaField, TextField } from "../../components/admin/TextFields.tsx";
import { Button, ButtonLink } from "../../components/ui/Button.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import { getServices } from "../../context.ts";
import { isRemoval, removal } from "../../lib/admin/removal.ts";
import { pageMeta } from "../../lib/meta.ts";
import { compressImageFields } from "../../lib/uploads/prepare-images.ts";
import type { Route } from "./+types/manage-organization";
import styles from "./manage-organization.module.css";

const ACTION = "/admin/manage-organization";
/** Member forms may carry a photo: they go to the upload endpoint, with progress. */
const MEMBER_ACTION = "/admin/api/organization";
const UNTITLED = "이름 없는 그룹";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "조직도 관리", noIndex: true });

/** ?group=<id> picks the group to edit; without it (or when it is gone) the first one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const groups = await listOrganization(db, storage);
  const wanted = url.searchParams.get("group");
  const group = groups.find((candidate) => candidate.id === wanted) ?? groups[0];
  return { groups, group };
}

export async function action(args: Route.ActionArgs) {
  const { services, write } = await adminWriter(args, actionResponse);
  const read = await readAdminForm(args.request);
  if ("refused" in read) return actionResponse(read.refused);
  const { form } = read;
  const values = textValues(form);
  const current = values.id ? await findGroup(services.db, values.id) : undefined;

  switch (values.intent) {
    case "create-group":
      return write(describeChange("organization", groupNoun, "", "추가"), async (trx) => ({
        id: await createGroup(trx),
      }));
    case "update-group":
      return write(describeChange("organization", groupNoun, values.title ?? "", "수정"), (trx) =>
        updateGroup(
          trx,
          recordIdSchema.parse(values.id),
          versionSchema.parse(values.version),
          values,
        ),
      );
    case "delete-group":
      return write(
        describeChange("organization", groupNoun, current?.title ?? "", "삭제"),
        async (trx, files) => {
          await deleteGroup(
            trx,
            files,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
          );
          return removal;
        },
      );
    case "reorder-groups":
      return write(describeReorder("organization", "그룹"), (trx) =>
        reorderGroups(trx, orderForm.parse(formValues(form, [], ["expected", "id"]))),
      );
    case "reorder-members": {
      const group = await findGroup(services.db, values.groupId ?? "");
      return write(
        describeReorder("organization", group?.title ? `'${group.title}' 구성원` : "구성원"),
        (trx) =>
          reorderMembers(
            trx,
            recordIdSchema.parse(values.groupId),
            orderForm.parse(formValues(form, [], ["expected", "id"])),
          ),
      );
    }
    default:
      return actionResponse(unknownIntent);
  }
}

export default function ManageOrganization({ loaderData }: Route.ComponentProps) {
  const { groups, group } = loaderData;
  const navigate = useNavigate();
  const { announce, notice } = useListNotice();
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="조직도"
        description={
          <p>
            조직도의 그룹과 구성원을 관리합니다. 새 그룹은 비어 있는 채로 만들어지니 이름과 설명을
            채워 주세요. 순서는 공개 페이지에 그대로 보입니다.
          </p>
        }
        actions={
          <ButtonLink to="/about/organization" variant="secondary" size="sm">
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <div className={ld.layout}>
        <section className={ld.list} aria-labelledby="groups-title">
          <h2 id="groups-title" className={ld.heading}>
            그룹 <span className={ld.count}>{groups.length}</span>
          </h2>
          <p className={ld.hint}>
            그룹을 골라 이름과 구성원을 편집합니다. 손잡이를 끌거나 화살표 버튼으로 순서를 바꿀 수
            있습니다.
          </p>
          {notice}
          {groups.length > 0 && (
            <SavedSortableList
              action={ACTION}
              intent="reorder-groups"
              items={groups}
              getId={(item) => item.id}
              getLabel={(item) => item.title || UNTITLED}
              label="그룹 순서"
              renderItem={(item) => (
                <Link
                  to={`?group=${item.id}`}
                  className={ld.choice}
                  aria-current={item.id === group?.id ? "true" : undefined}
                >
                  <span className={ld.choiceName} data-untitled={item.title ? undefined : true}>
                    {item.title || UNTITLED}
                  </span>
                  <span className={ld.choiceMeta}>구성원 {item.members.length}명</span>
                </Link>
              )}
            />
          )}
          <AdminForm
            action={ACTION}
            label="새 그룹 만들기"
            className={`${ld.adder} ${styles.addGroup}`}
            onSaved={(result) => {
              const id = (result.data as { id?: string } | undefined)?.id;
              if (id) navigate(`?group=${id}`, { preventScrollReset: true });
            }}
          >
            {({ busy }) => (
              <>
                <input type="hidden" name="intent" value="create-group" />
                <p className={ld.hint}>
                  빈 그룹이 목록 끝에 만들어집니다. 이름과 설명은 만든 뒤에 입력합니다.
                </p>
                <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                  {busy ? "만드는 중…" : "새 그룹 만들기"}
                </Button>
              </>
            )}
          </AdminForm>
        </section>
        {group ? (
          <section key={group.id} className={ld.detail} aria-labelledby="group-title">
            <GroupEditor
              group={group}
              onRemoved={(message) => {
                announce(message);
                navigate("?", { preventScrollReset: true });
              }}
            />
            <Members group={group} />
          </section>
        ) : (
          <div className={ld.detail}>
            <EmptyState title="아직 그룹이 없습니다">
              ‘새 그룹 만들기’로 첫 그룹을 만들고 이름과 구성원을 채워 주세요.
            </EmptyState>
          </div>
        )}
      </div>
    </>
  );
}

function GroupEditor({
  group,
  onRemoved,
}: {
  group: OrganizationGroup;
  onRemoved: (message: string) => void;
}) {
  const photoCount = group.members.filter((member) => member.photo).length;
  const name = group.title || UNTITLED;
  return (
    <>
      <header className={ld.detailHeader}>
        <p className={ld.eyebrow}>선택한 그룹</p>
        <h2 id="group-title" className={ld.title} data-untitled={group.title ? undefined : true}>
          {name}
        </h2>
      </header>
      {!group.title && (
        <p className={styles.fresh}>
          새로 만든 빈 그룹입니다. 이름을 입력해 저장하면 공개 페이지에 나타납니다.
        </p>
      )}
      <AdminForm
        action={ACTION}
        label="그룹 정보"
        resetKey={group.version}
        className={styles.groupForm}
        onSaved={(result) => {
          if (isRemoval(result.data)) onRemoved(result.message);
        }}
      >
        {({ fieldErrors, busy }) => (
          <>
            <input type="hidden" name="id" value={group.id} />
            <input type="hidden" name="version" value={group.version} />
            <TextField
              label="그룹 이름"
              name="title"
              required
              defaultValue={group.title}
              maxLength={40}
              error={fieldErrors.title}
            />
            <TextAreaField
              label="설명"
              name="description"
              hint="그룹이 맡는 일을 한두 문장으로 적어 주세요."
              defaultValue={group.description}
              maxLength={300}
              rows={2}
              error={fieldErrors.description}
            />
            <FormActions>
              <Button type="submit" name="intent" value="update-group" disabled={busy}>
                {busy ? "저장하는 중…" : "그룹 저장"}
              </Button>
              <span className={styles.spacer} />
              <ConfirmButton
                title={`'${name}' 그룹을 삭제할까요?`}
                message={
                  <p>
                    구성원 {group.members.length}명과 프로필 사진 {photoCount}장이 함께 삭제됩니다.
                    되돌릴 수 없습니다.
                  </p>
                }
                name="intent"
                value="delete-group"
                disabled={busy}
              >
                그룹 삭제
              </ConfirmButton>
            </FormActions>
          </>
        )}
      </AdminForm>
    </>
  );
}

const compressPhoto = compressImageFields(["photo"]);

/** Compresses a chosen profile photo before a member form is sent. */
function preparePhoto(form: FormData, onProgress: (label: string, percent: number) => void) {
  const intent = form.get("intent");
  if (intent !== "create-member" && intent !== "update-member") {
    form.delete("photo");
    return Promise.resolve(form);
  }
  return compressPhoto(form, onProgress);
}

function Members({ group }: { group: OrganizationGroup }) {
  const { announce, notice } = useListNotice();
  return (
    <section className={styles.members} aria-labelledby="members-title">
      <h3 id="members-title" className={ld.subheading}>
        구성원 <span className={ld.count}>{group.members.length}</span>
      </h3>
      {notice}
      {group.members.length === 0 ? (
        <p className={ld.empty}>아직 이 그룹에 구성원이 없습니다.</p>
      ) : (
        <SavedSortableList
          action={ACTION}
          intent="reorder-members"
          fields={{ groupId: group.id }}
          items={group.members}
          getId={(member) => member.id}
          getLabel={(member) => member.name}
          label="구성원 순서"
          renderItem={(member) => (
            <EditableRow
              action={MEMBER_ACTION}
              upload
              prepare={preparePhoto}
              version={member.version}
              hidden={{ id: member.id, version: String(member.version) }}
              label={`'${member.name}' 구성원`}
              updateIntent="update-member"
              removeIntent="delete-member"
              removeTitle={`'${member.name}' 구성원을 삭제할까요?`}
              removeMessage={<p>프로필 사진도 함께 삭제됩니다. 되돌릴 수 없습니다.</p>}
              onRemoved={announce}
              summary={
                <RowSummary
                  media={<Avatar member={member} />}
                  title={member.name}
                  details={[member.role]}
                />
              }
              fields={(state) => <MemberFields member={member} state={state} />}
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
      )}
      <AddDisclosure summary="구성원 추가" defaultOpen={group.members.length === 0}>
        <AdminForm
          action={MEMBER_ACTION}
          upload
          prepare={preparePhoto}
          label="새 구성원"
          resetOnSuccess
        >
          {(state) => (
            <>
              <input type="hidden" name="intent" value="create-member" />
              <input type="hidden" name="groupId" value={group.id} />
              <MemberFields state={state} />
              <FormActions>
                <Button type="submit" disabled={state.busy}>
                  {state.busy ? "추가하는 중…" : "구성원 추가"}
                </Button>
              </FormActions>
            </>
          )}
        </AdminForm>
      </AddDisclosure>
    </section>
  );
}

function Avatar({ member }: { member: OrganizationMember }) {
  return member.photo ? (
    <ResponsiveImage image={member.photo} alt="" sizes="48px" className={styles.avatar} />
  ) : (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
      {member.name.slice(0, 1)}
    </span>
  );
}

function MemberFields({
  member,
  state: { fieldErrors },
}: {
  member?: OrganizationMember;
  state: AdminFormState;
}) {
  return (
    <div className={ld.fields}>
      <TextField
        label="이름"
        name="name"
        required
        defaultValue={member?.name}
        maxLength={30}
        error={fieldErrors.name}
      />
      <TextField
        label="역할"
        name="role"
        hint="예: 교육부장"
        defaultValue={member?.role}
        maxLength={40}
        error={fieldErrors.role}
      />
      <div className={ld.wide}>
        <FileField
          label={member?.photo ? "새 프로필 사진" : "프로필 사진"}
          name="photo"
          kind="image"
          current={
            member?.photo && (
              <ResponsiveImage
                image={member.photo}
                alt={`${member.name} 프로필 사진`}
                sizes="160px"
              />
            )
          }
          hint="JPG, PNG, WebP 이미지. 올리기 전에 1024px, 4MB 이하로 줄여서 보냅니다."
          error={fieldErrors.photo}
        />
      </div>
    </div>
  );
}
