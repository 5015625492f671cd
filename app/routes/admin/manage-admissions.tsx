import { useRef, useState } from "react";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { FileField } from "#app/components/admin/FileField.tsx";
import { Checkbox, FormField, TextArea, TextField } from "#app/components/admin/FormField.tsx";
import { FormSection, SaveBar } from "#app/components/admin/FormSection.tsx";
import { FieldRows } from "#app/components/admin/list/FieldRows.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { PublicPageLink } from "#app/components/admin/PublicPageLink.tsx";
import { RevisionHistory } from "#app/components/admin/RevisionHistory.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { markFormEdited } from "#app/lib/mark-form-edited.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { compressImageFields } from "#app/lib/uploads/prepare-images.ts";
import { admissionInfoSchema, admissionsHistory, getAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import type { ImageRef } from "#server/domain/files/files.ts";
import { findImageRefs } from "#server/domain/files/files.ts";
import { revisionPanel } from "#server/domain/revisions/revisions.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/manage-admissions";
import styles from "./manage-admissions.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "모집 안내 관리", noIndex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [{ value, version }, history] = await Promise.all([
    getAdmissionInfo(db),
    revisionPanel(db, admissionsHistory, "admission_info", url),
  ]);
  const imageId = value.meta.imageFileId;
  const image = imageId ? (await findImageRefs(db, storage, [imageId])).get(imageId) : undefined;
  return {
    version,
    meta: value.meta,
    image,
    schedules: value.schedules.map((schedule) => ({ key: schedule.id, ...schedule })),
    faqs: value.faqs.map((faq) => ({ key: faq.id, ...faq })),
    rules: fieldRules(admissionInfoSchema),
    history,
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type ScheduleRow = LoaderData["schedules"][number];
type FaqRow = LoaderData["faqs"][number];

export default function ManageAdmissions({ loaderData }: Route.ComponentProps) {
  const { version, meta, image, schedules, faqs, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="모집 안내"
        description={
          <p>
            신입 부원 모집 여부와 안내 문구, 모집 이미지, 일정, 자주 묻는 질문을 관리합니다. 저장하면{" "}
            <PublicPageLink href="/join">지원하기 페이지</PublicPageLink>와 사이트 메뉴에 바로 반영됩니다.
          </p>
        }
      />
      <AdminForm
        savesDocumentAt={version}
        contentType="admissions"
        rules={rules}
        label="모집 안내"
        childrenShowProgress
        prepare={compressImageFields(["image"])}
      >
        {({ fieldErrors, busy, progress }) => (
          <>
            <FormSection id="admission-state" title="모집 상태와 안내 문구">
              <div className={styles.state}>
                <Checkbox
                  name="meta.isRecruiting"
                  label="지금 신입 부원을 모집하고 있습니다"
                  hint="켜면 사이트 메뉴의 Join 옆에 ‘Now Recruiting’ 표시가 붙고, 지원하기 페이지에 지원서 버튼이 나옵니다. 모집이 끝나면 꺼 주세요."
                  defaultChecked={meta.isRecruiting}
                />
              </div>
              <TextField label="모집 제목" name="meta.title" defaultValue={meta.title} />
              <FormField
                label="모집 설명"
                name="meta.description"
                hint="지원하기 페이지 맨 위와 링크 미리보기에 보이는 한두 문장입니다."
              >
                {(field) => <TextArea {...field} defaultValue={meta.description} rows={3} />}
              </FormField>
              <TextField
                label="지원서 주소"
                name="meta.applyUrl"
                hint="지원서 양식의 주소(https://…). 비워 두면 ‘지원서 주소는 모집 공지와 함께 안내합니다’라고 표시됩니다."
                type="url"
                defaultValue={meta.applyUrl}
              />
            </FormSection>

            <FormSection
              id="admission-image"
              title="모집 이미지"
              description={
                <p>지원하기 페이지에 보이는 포스터입니다. 고른 사진은 올리기 전에 긴 변 1024px, 4MB 이하로 줄입니다.</p>
              }
            >
              <PosterField image={image} alt={`${meta.title} 안내 이미지`} error={fieldErrors.image} />
            </FormSection>

            <FormSection
              id="admission-schedules"
              title="모집 일정"
              description={<p>지원하기 페이지에 이 순서대로 번호를 붙여 보입니다.</p>}
            >
              <FieldRows<ScheduleRow>
                initialRows={schedules}
                getKey={(row) => row.key}
                getLabel={(row) => row.title || "새 일정"}
                createRow={(key) => ({ key, id: "", title: "", date: "", description: "" })}
                label="모집 일정 순서"
                addLabel="일정 추가"
                emptyText="등록된 일정이 없습니다. 일정이 없으면 지원하기 페이지에서 일정 부분을 숨깁니다."
                max={20}
                noun="일정"
                removeMessage={removeMessage}
                renderRow={(row, _index) => (
                  <div className={styles.rowGrid}>
                    <input type="hidden" name="schedules.id" value={row.id} />
                    <TextField label="일정 이름" name="schedules.title" defaultValue={row.title} />
                    <TextField
                      label="날짜"
                      name="schedules.date"
                      hint="자유롭게 씁니다. 예: 3. 2.(월) ~ 3. 9.(월)"
                      defaultValue={row.date}
                    />
                    <div className={styles.wide}>
                      <TextField label="설명" name="schedules.description" defaultValue={row.description} />
                    </div>
                  </div>
                )}
              />
            </FormSection>

            <FormSection
              id="admission-faqs"
              title="자주 묻는 질문"
              description={<p>지원하기 페이지에서 질문을 누르면 답변이 펼쳐집니다.</p>}
            >
              <FieldRows<FaqRow>
                initialRows={faqs}
                getKey={(row) => row.key}
                getLabel={(row) => row.question || "새 질문"}
                createRow={(key) => ({ key, id: "", question: "", answer: "" })}
                label="자주 묻는 질문 순서"
                addLabel="질문 추가"
                emptyText="등록된 질문이 없습니다."
                max={40}
                noun="질문"
                removeMessage={removeMessage}
                renderRow={(row, _index) => (
                  <>
                    <input type="hidden" name="faqs.id" value={row.id} />
                    <TextField label="질문" name="faqs.question" defaultValue={row.question} />
                    <FormField label="답변" name="faqs.answer">
                      {(field) => <TextArea {...field} defaultValue={row.answer} rows={3} />}
                    </FormField>
                  </>
                )}
              />
            </FormSection>

            <SaveBar busy={busy} progress={progress} note="모집 상태, 이미지, 일정과 질문을 한 번에 저장합니다." />
          </>
        )}
      </AdminForm>
      <RevisionHistory contentType="admissions" what="모집 안내" panel={loaderData.history} version={version} />
    </>
  );
}

function removeMessage(_row: unknown, isNew: boolean) {
  return isNew
    ? "아직 저장하지 않은 항목입니다. 목록에서 뺍니다."
    : "목록에서 뺍니다. 저장을 누르면 공개 페이지에서도 사라집니다.";
}

/**
 * The recruiting poster: the stored one, a new one chosen in its place (previewed, compressed
 * and uploaded on save), or, after a confirmation, none (its file is removed on save).
 */
function PosterField({ image, alt, error }: { image: ImageRef | undefined; alt: string; error: string | undefined }) {
  const [removed, setRemoved] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const mark = (next: boolean) => {
    setRemoved(next);
    markFormEdited(rootRef.current);
  };
  return (
    <div ref={rootRef} className={styles.poster}>
      <FileField
        label="모집 포스터"
        name="image"
        kind="image"
        error={error}
        current={image && !removed ? <ResponsiveImage image={image} alt={alt} sizes="160px" /> : undefined}
      />
      <input type="hidden" name="meta.imageAction" value={removed ? "remove" : "keep"} />
      {image && !removed && (
        <ConfirmButton
          title="모집 포스터를 삭제할까요?"
          message="저장을 누르면 포스터 파일이 지워지고 지원하기 페이지에서도 사라집니다."
          onConfirm={() => mark(true)}
        >
          포스터 삭제
        </ConfirmButton>
      )}
      {removed && (
        <p className={styles.removed}>
          저장하면 포스터가 삭제됩니다.{" "}
          <Button variant="secondary" size="sm" onClick={() => mark(false)}>
            삭제 취소
          </Button>
        </p>
      )}
    </div>
  );
}
