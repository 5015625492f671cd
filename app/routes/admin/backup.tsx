import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { type FormProgress, ProgressBar } from "#app/components/admin/AdminForm.tsx";
import { AuditTable } from "#app/components/admin/AuditTable.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { FileField } from "#app/components/admin/FileField.tsx";
import { FormSection } from "#app/components/admin/FormSection.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { formatFileSize } from "#app/lib/file-size.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { sendForm } from "#app/lib/uploads/send-form.ts";
import { MAX_RESTORE_BYTES } from "#server/backup/endpoints.ts";
import { listAuditEntries } from "#server/domain/audit-log/audit-log.ts";
import { getServices } from "#server/http/router-context.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/backup";

const DOWNLOAD_URL = "/admin/backup/download";
const RESTORE_URL = "/admin/backup/restore";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "백업과 복원", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const log = await listAuditEntries(db, { category: "backup", page: 1, pageSize: 10 });
  return { entries: log.entries, maxBytes: MAX_RESTORE_BYTES };
}

export default function BackupPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<FormProgress | null>(null);
  const [answer, setAnswer] = useState<WriteResult | null>(null);

  async function restore(file: File) {
    setAnswer(null);
    setProgress({ label: "백업 파일을 올리는 중", percent: 0 });
    let result: WriteResult;
    try {
      // The file itself is the body, typed as the server expects whatever the browser called it.
      result = await sendForm(RESTORE_URL, file.slice(0, file.size, "application/gzip"), (percent) =>
        setProgress(
          percent < 100 ? { label: "백업 파일을 올리는 중", percent } : { label: "확인하고 복원하는 중", percent },
        ),
      );
      if (result.ok) {
        formRef.current?.reset();
        setChosen(null);
      }
      // The log below shows a refused restore too.
      await revalidator.revalidate();
    } catch (error) {
      result = { ok: false, status: 0, message: error instanceof Error ? error.message : "보내지 못했습니다." };
    }
    setProgress(null);
    setAnswer(result);
  }

  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="백업과 복원"
        description={
          <p>
            사이트의 모든 콘텐츠와 올린 파일, 관리자 계정을 파일 하나(.tar.gz)로 내려받고, 그 파일로 사이트를
            되돌립니다. 큰 변경을 하기 전에 백업해 두세요.
          </p>
        }
      />

      <FormSection
        id="backup-download"
        title="백업 내려받기"
        description={
          <p>
            지금의 글, 목록, 설정, 변경 이력, 사진과 PDF, 관리자 계정, 작업 기록과 방문 수가 한 파일에 담깁니다. 크기에
            따라 시간이 걸리며, 진행 상황은 브라우저의 다운로드 목록에 보입니다.
          </p>
        }
      >
        <p>
          <ButtonLink to={DOWNLOAD_URL} reloadDocument download>
            백업 파일 내려받기
          </ButtonLink>
        </p>
      </FormSection>

      <FormSection
        id="backup-restore"
        title="백업에서 복원"
        description={
          <p>
            고른 백업 파일의 내용으로 사이트의 콘텐츠와 파일을 모두 바꿉니다. 지금 있는 글과 파일 중 백업에 없는 것은
            지워집니다. 관리자 계정과 로그인, 작업 기록, 방문 수는 그대로 둡니다. 파일은{" "}
            {formatFileSize(loaderData.maxBytes)}
            까지 올릴 수 있습니다.
          </p>
        }
      >
        <form
          ref={formRef}
          aria-label="백업에서 복원"
          onChange={(event) => {
            const input = event.target as unknown as HTMLInputElement;
            if (input.name === "archive") setChosen(input.files?.[0] ?? null);
          }}
          onSubmit={(event) => event.preventDefault()}
        >
          <FileField label="백업 파일" name="archive" kind="archive" required />
          {progress && <ProgressBar progress={progress} />}
          <ConfirmButton
            title="이 백업으로 사이트를 되돌릴까요?"
            message={
              <>
                <p>{chosen ? `'${chosen.name}' (${formatFileSize(chosen.size)})` : ""}</p>
                <p>
                  지금의 콘텐츠와 파일이 모두 이 백업의 내용으로 바뀌고, 백업 이후에 쓴 글과 올린 파일은 지워집니다.
                  되돌리려면 먼저 지금 상태를 백업해 두세요.
                </p>
              </>
            }
            confirmLabel="복원"
            size="md"
            disabled={chosen === null || progress !== null}
            onConfirm={() => {
              if (chosen) void restore(chosen);
            }}
          >
            이 백업으로 복원
          </ConfirmButton>
        </form>
        <WriteAnswer answer={answer} />
      </FormSection>

      <AuditTable
        caption="최근 백업과 복원"
        entries={loaderData.entries}
        emptyText="아직 이 화면에서 백업하거나 복원한 적이 없습니다."
      />
    </>
  );
}
