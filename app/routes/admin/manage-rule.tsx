import { useRef } from "react";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { FileField } from "#app/components/admin/FileField.tsx";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { FormSection, SaveBar } from "#app/components/admin/FormSection.tsx";
import { FieldRows } from "#app/components/admin/list/FieldRows.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { PublicPageLink } from "#app/components/admin/PublicPageLink.tsx";
import { RevisionHistory } from "#app/components/admin/RevisionHistory.tsx";
import { RichTextEditor } from "#app/components/editor/RichTextEditor.tsx";
import { formatFileSize } from "#app/lib/file-size.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { revisionPanel } from "#server/domain/revisions/revisions.ts";
import { listRuleDownloads, ruleFileHref } from "#server/domain/rules/rule-files.ts";
import { getRules, rulesHistory, rulesSchema } from "#server/domain/rules/rules.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { ruleFileField } from "#shared/rule-form.ts";
import type { Route } from "./+types/manage-rule";
import styles from "./manage-rule.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "회칙 관리", noIndex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [{ value, version }, history] = await Promise.all([
    getRules(db),
    revisionPanel(db, rulesHistory, "rules", url),
  ]);
  const sizes = new Map(
    (await listRuleDownloads(db, value.attachments)).map((download) => [download.fileName, download.byteSize]),
  );
  return {
    version,
    contents: value.contents,
    attachments: value.attachments.map((attachment) => ({
      key: attachment.fileId,
      title: attachment.title,
      fileName: attachment.fileName,
      href: ruleFileHref(attachment.fileName),
      byteSize: sizes.get(attachment.fileName),
    })),
    rules: fieldRules(rulesSchema),
    history,
  };
}

type AttachmentRow = Awaited<ReturnType<typeof loader>>["attachments"][number];

const MAX_ATTACHMENTS = 20;

export default function ManageRule({ loaderData }: Route.ComponentProps) {
  const { version, contents, attachments, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="회칙"
        description={
          <p>
            회칙 본문과 방문자가 내려받는 PDF 파일을 관리합니다. 저장하면{" "}
            <PublicPageLink href="/archive/rule">공개 회칙 페이지</PublicPageLink>에 바로 반영됩니다.
          </p>
        }
      />
      <AdminForm savesDocumentAt={version} contentType="rules" rules={rules} label="회칙" childrenShowProgress>
        {({ fieldErrors, busy, progress }) => (
          <>
            <FormSection
              id="rule-text"
              title="회칙 본문"
              description={
                <p>장은 ‘제목 2’, 조는 문단으로 씁니다. 링크와 목록도 쓸 수 있고, 저장할 때 허용된 서식만 남깁니다.</p>
              }
            >
              <RichTextEditor
                name="contents"
                label="회칙 본문"
                defaultValue={contents}
                invalid={Boolean(fieldErrors.contents)}
              />
              {fieldErrors.contents && (
                <p className={styles.error} role="alert">
                  {fieldErrors.contents}
                </p>
              )}
            </FormSection>

            <FormSection
              id="rule-files"
              title="PDF 파일"
              description={
                <p>
                  공개 페이지에 이 순서대로 보이고, <code>/rules/파일 이름</code> 주소로 내려받습니다. PDF 문서만 올릴
                  수 있습니다.
                </p>
              }
            >
              <FieldRows<AttachmentRow>
                initialRows={attachments}
                getKey={(row) => row.key}
                getLabel={(row) => row.title || "새 PDF 파일"}
                createRow={(key) => ({
                  key,
                  title: "",
                  fileName: "",
                  href: "",
                  byteSize: undefined,
                })}
                label="회칙 PDF 파일 순서"
                addLabel="PDF 파일 추가"
                emptyText="붙인 PDF 파일이 없습니다."
                max={MAX_ATTACHMENTS}
                noun="파일"
                removeMessage={(row, isNew) =>
                  isNew
                    ? "아직 올리지 않은 파일입니다. 목록에서 뺍니다."
                    : `저장을 누르면 PDF 파일이 지워지고 ${row.href} 주소로 더는 내려받을 수 없습니다.`
                }
                renderRow={(row, index, isNew) => (
                  <AttachmentFields
                    row={row}
                    isNew={isNew}
                    errors={{
                      title: fieldErrors[`attachments.${index}.title`],
                      fileName: fieldErrors[`attachments.${index}.fileName`],
                      file: fieldErrors[ruleFileField(row.key)],
                    }}
                  />
                )}
              />
            </FormSection>

            <SaveBar
              busy={busy}
              progress={progress}
              note="본문과 파일 목록을 한 번에 저장합니다. 삭제한 파일은 저장할 때 지워집니다."
            />
          </>
        )}
      </AdminForm>
      <RevisionHistory
        contentType="rules"
        what="회칙"
        panel={loaderData.history}
        version={version}
        restoreNote="그 뒤에 지운 PDF 파일이 있던 버전은 되돌릴 수 없습니다."
      />
    </>
  );
}

function AttachmentFields({
  row,
  isNew,
  errors,
}: {
  row: AttachmentRow;
  isNew: boolean;
  errors: { title?: string | undefined; fileName?: string | undefined; file?: string | undefined };
}) {
  const titleRef = useRef<HTMLInputElement>(null);
  const fileNameRef = useRef<HTMLInputElement>(null);
  const prefill = (file: File | undefined) => {
    if (!file) return;
    const name = file.name.normalize("NFC");
    if (titleRef.current && titleRef.current.value === "") {
      titleRef.current.value = name.replace(/\.pdf$/i, "");
    }
    if (fileNameRef.current && fileNameRef.current.value === "") {
      fileNameRef.current.value = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
    }
  };

  return (
    <div className={styles.attachment}>
      <input type="hidden" name="attachments.key" value={row.key} />
      <div className={styles.attachmentFields}>
        <FormField label="제목" name="attachments.title" error={errors.title}>
          {(field) => <TextInput {...field} ref={titleRef} defaultValue={row.title} autoComplete="off" />}
        </FormField>
        <FormField
          label="내려받을 파일 이름"
          name="attachments.fileName"
          // A new row left empty takes the uploaded file's name.
          required={isNew ? false : undefined}
          hint={isNew ? "비워 두면 올린 파일의 이름을 씁니다." : undefined}
          error={errors.fileName}
        >
          {(field) => (
            <TextInput {...field} ref={fileNameRef} defaultValue={row.fileName} autoComplete="off" spellCheck={false} />
          )}
        </FormField>
      </div>
      <div className={styles.attachmentMeta}>
        {isNew ? (
          // A chosen PDF fills in the title and download name when they are still empty.
          <div
            className={styles.newFile}
            onChange={(event) => {
              const input = event.target;
              if (input instanceof HTMLInputElement && input.type === "file") {
                prefill(input.files?.[0]);
              }
            }}
          >
            <FileField label="PDF 파일" name={ruleFileField(row.key)} kind="pdf" required error={errors.file} />
          </div>
        ) : (
          <p className={styles.fileInfo}>
            <span className={styles.badge}>PDF</span>
            {row.byteSize !== undefined ? formatFileSize(row.byteSize) : "파일 없음"}
            <a href={row.href} download={row.fileName} className={styles.download}>
              내려받기<span className="visually-hidden">: {row.title}</span>
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
