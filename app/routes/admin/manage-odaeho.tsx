import { dateInputValue, formValues, orderForm } from "../../../server/domain/admin/form-fields.ts";
import { recordVersions } from "../../../server/domain/admin/lists.ts";
import { deleteIssue, issueTitle, reorderIssues } from "../../../server/domain/odaeho/manage.ts";
import { listOdaehoIssues } from "../../../server/domain/odaeho/odaeho.ts";
import { itemListAction } from "../../../server/http/item-actions.ts";
import { FileField } from "../../components/admin/FileField.tsx";
import { FormField, TextArea, TextInput } from "../../components/admin/FormField.tsx";
import { ItemUploadForm } from "../../components/admin/ItemUploadForm.tsx";
import {
  ItemThumbnail,
  ManagedItem,
  useItemDeletion,
} from "../../components/admin/ManagedItem.tsx";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { SavedSortableList } from "../../components/admin/SavedSortableList.tsx";
import { ButtonLink } from "../../components/ui/Button.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import { getServices } from "../../context.ts";
import { seoulDate } from "../../lib/calendar-dates.ts";
import { formatFileSize } from "../../lib/file-size.ts";
import { formatLongDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage-odaeho";
import styles from "./manage-media.module.css";

const PAGE = "/admin/manage-odaeho";
const UPLOAD = "/admin/api/odaeho";
const NOUN = "오대호 회지";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "오대호 관리", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [issues, versions] = await Promise.all([
    listOdaehoIssues(db, storage),
    recordVersions(db, "odaeho_issues"),
  ]);
  return {
    issues: issues.map((issue) => ({
      ...issue,
      publishedDate: dateInputValue(issue.publishedAt),
      version: versions[issue.id] ?? 1,
    })),
    today: seoulDate(new Date()),
  };
}

/** Deletes and reorders (forms without files); adding and editing go to the upload endpoint. */
export function action(args: Route.ActionArgs) {
  return itemListAction(args, {
    category: "odaeho",
    noun: NOUN,
    titleOf: issueTitle,
    remove: deleteIssue,
    listName: () => "오대호 목록",
    reorder: (trx, form) =>
      reorderIssues(trx, orderForm.parse(formValues(form, [], ["expected", "id"]))),
  });
}

type Issue = Route.ComponentProps["loaderData"]["issues"][number];

export default function ManageOdaeho({ loaderData }: Route.ComponentProps) {
  const { issues, today } = loaderData;
  const { remove, announcement } = useItemDeletion(PAGE);
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="오대호"
        description={
          <p>
            동아리 회지 오대호를 호마다 표지 이미지와 PDF로 올립니다. 새 호는 목록 맨 위에 추가되고,
            공개 페이지는 이 목록의 순서대로 보여 줍니다.
          </p>
        }
        actions={
          <ButtonLink to="/archive/odaeho" variant="secondary" size="sm" reloadDocument>
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <section className={styles.panel} aria-labelledby="add-issue-title">
        <h2 id="add-issue-title" className={styles.panelTitle}>
          새 호 추가
        </h2>
        <ItemUploadForm
          action={UPLOAD}
          images={["thumbnail"]}
          label="새 호 추가"
          submitLabel="호 추가"
        >
          {(errors) => <IssueFields errors={errors} today={today} />}
        </ItemUploadForm>
      </section>

      <section className={styles.list} aria-labelledby="issues-title">
        <h2 id="issues-title" className={styles.listTitle}>
          발행된 호 <span className={styles.count}>{issues.length}개</span>
        </h2>
        {announcement}
        {issues.length === 0 ? (
          <EmptyState title="아직 올린 호가 없습니다">
            위에서 표지와 PDF를 올리면 공개 페이지에 보입니다.
          </EmptyState>
        ) : (
          <SavedSortableList
            action={PAGE}
            items={issues}
            getId={(issue) => issue.id}
            getLabel={(issue) => issue.title}
            label="오대호 목록 순서"
            renderItem={(issue) => <IssueItem issue={issue} today={today} onDelete={remove} />}
          />
        )}
      </section>
    </>
  );
}

function IssueItem({
  issue,
  today,
  onDelete,
}: {
  issue: Issue;
  today: string;
  onDelete: (form: FormData) => void;
}) {
  return (
    <ManagedItem
      id={issue.id}
      version={issue.version}
      title={issue.title}
      thumbnail={<ItemThumbnail image={issue.cover} shape="tall" />}
      details={
        <>
          <time dateTime={issue.publishedAt}>{formatLongDate(issue.publishedAt)} 발행</time>
          <a href={issue.pdf.url} download={issue.pdf.fileName} className={styles.mono}>
            {issue.pdf.fileName} ({formatFileSize(issue.pdf.byteSize)})
          </a>
        </>
      }
      deleteMessage="표지 이미지와 PDF 파일도 함께 지워지며 되돌릴 수 없습니다."
      onDelete={onDelete}
      editor={(onSaved) => (
        <ItemUploadForm
          action={UPLOAD}
          images={["thumbnail"]}
          label={`'${issue.title}' 수정`}
          item={issue}
          onSaved={onSaved}
        >
          {(errors) => <IssueFields errors={errors} today={today} issue={issue} />}
        </ItemUploadForm>
      )}
    />
  );
}

function IssueFields({
  errors,
  today,
  issue,
}: {
  errors: Record<string, string>;
  today: string;
  issue?: Issue;
}) {
  return (
    <div className={styles.fields}>
      <FormField label="제목" name="title" required hint="예: 오대호 2026" error={errors.title}>
        {(field) => (
          <TextInput
            {...field}
            defaultValue={issue?.title ?? ""}
            maxLength={80}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label="발행일" name="publishedAt" required error={errors.publishedAt}>
        {(field) => (
          <TextInput
            {...field}
            type="date"
            defaultValue={issue?.publishedDate ?? today}
            min="1900-01-01"
            max="2100-12-31"
          />
        )}
      </FormField>
      <div className={styles.wide}>
        <FormField label="설명" name="description" error={errors.description}>
          {(field) => (
            <TextArea {...field} defaultValue={issue?.description ?? ""} maxLength={500} rows={2} />
          )}
        </FormField>
      </div>
      <FileField
        label={issue ? "표지 이미지 바꾸기" : "표지 이미지"}
        name="thumbnail"
        kind="image"
        required={!issue}
        hint="세로로 긴 표지가 잘 어울립니다. 올리기 전에 1024px, 4MB 이하로 줄입니다."
        error={errors.thumbnail}
        current={issue && <ResponsiveImage image={issue.cover} alt="지금 표지" sizes="160px" />}
      />
      <FileField
        label={issue ? "PDF 바꾸기" : "PDF 파일"}
        name="pdf"
        kind="pdf"
        required={!issue}
        hint="PDF 문서만 올릴 수 있습니다(30MB까지). 파일 이름은 '동아리 이름 odaeho 제목.pdf'로 저장됩니다."
        error={errors.pdf}
        current={
          issue && (
            <>
              지금 파일: {issue.pdf.fileName} ({formatFileSize(issue.pdf.byteSize)})
            </>
          )
        }
      />
    </div>
  );
}
