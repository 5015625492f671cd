import { useState } from "react";
import { Notice } from "#app/components/admin/Notice.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import type { AutosaveState } from "#app/lib/admin/use-autosave.ts";
import { formatDateTime, seoulTime } from "#shared/dates.ts";
import styles from "./ArticleEditor.module.css";

/** How the last autosaved copy went, beside the save button: "자동 저장: 저장됨 14:02". */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <p className={styles.autosave} role="status">
      {state.kind === "saving" && "자동 저장하는 중…"}
      {state.kind === "saved" && (
        <>
          자동 저장: 저장됨 <time dateTime={state.at}>{seoulTime(state.at)}</time>
        </>
      )}
      {state.kind === "failed" &&
        (state.signedOut
          ? "로그인 시간이 지나 자동 저장하지 못했습니다. 저장을 누르면 그 자리에서 로그인할 수 있습니다."
          : `자동 저장하지 못했습니다. ${state.message}`)}
    </p>
  );
}

interface RecoverCopyProps {
  savedAt: string;
  onRecover: () => void;
  onDiscard: () => Promise<unknown>;
}

/** The offer of a copy autosaved earlier and never saved: load it into the form, or throw it away. */
export function RecoverCopy({ savedAt, onRecover, onDiscard }: RecoverCopyProps) {
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.recover}>
      <Notice tone="info" title="저장하지 않은 글이 있습니다">
        <p>
          {formatDateTime(savedAt)}에 자동 저장된 내용이 있습니다. 불러오면 제목, 태그, 게시 상태, 게시일, 본문이 그
          내용으로 바뀝니다(사진은 그대로). 불러온 뒤 저장해야 게시글에 반영됩니다.
        </p>
        <p className={styles.recoverActions}>
          <Button size="sm" onClick={onRecover} disabled={busy}>
            자동 저장된 내용 불러오기
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onDiscard();
              setBusy(false);
            }}
          >
            버리기
          </Button>
        </p>
      </Notice>
    </div>
  );
}
