import { useEffect, useRef } from "react";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import field from "#app/components/admin/FormField.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import type { RowSelection } from "#app/lib/admin/use-row-selection.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { ManagedArticleRow } from "#server/domain/articles/admin-list.ts";
import { articleStatusLabels } from "#shared/article-status.ts";
import { MAX_SELECTED, tooManySelectedMessage } from "#shared/list-selection.ts";
import styles from "./BulkActions.module.css";
import { deleteMessage } from "./links.ts";

interface BulkActionsProps {
  /** The articles on this page, in the list's order. */
  rows: ManagedArticleRow[];
  selection: RowSelection;
  busy: boolean;
}

/**
 * Above the list: choosing every article on the page, how many are chosen, and the changes to
 * them all, each behind one confirmation that names them: taking them off the public site
 * (they become drafts) and deleting them. The buttons submit the list's form with the command
 * as `intent` and the ticked checkboxes, so they post without script too; with script they
 * wait until something is chosen, and say so past the limit of one change.
 */
export function BulkActions({ rows, selection, busy }: BulkActionsProps) {
  const hydrated = useHydrated();
  const chosen = rows.filter((row) => selection.has(row.id));
  const published = chosen.filter((row) => row.status !== "draft");
  const drafts = chosen.length - published.length;
  const tooMany = chosen.length > MAX_SELECTED;
  // Before the page's script runs nothing is known of the ticks: the server checks them.
  const unusable = busy || (hydrated && (chosen.length === 0 || tooMany));
  const imageCount = chosen.reduce((total, row) => total + row.imageCount, 0);

  return (
    <fieldset className={styles.bar} disabled={busy}>
      <legend className="visually-hidden">선택한 글 한꺼번에 바꾸기</legend>
      <ChooseAll selection={selection} count={rows.length} />
      <p className={styles.count} aria-live="polite">
        {chosen.length > 0 ? `${chosen.length}개 선택함` : "글을 고르면 한꺼번에 내리거나 삭제할 수 있습니다."}
      </p>
      <div className={styles.actions}>
        <ConfirmButton
          variant="secondary"
          {...sends("bulk-unpublish")}
          title={published.length > 0 ? `게시글 ${published.length}개를 내릴까요?` : "고른 게시글을 내릴까요?"}
          confirmLabel="내리기"
          disabled={unusable || (hydrated && published.length === 0)}
          message={
            <>
              <p>
                {articleStatusLabels.draft} 상태가 되어 공개 사이트의 미디어 목록, 검색, 태그, RSS, 사이트맵에서
                사라집니다. 글과 사진은 지워지지 않으니, 다시 올리려면 글을 열어 게시 상태를 바꿔 저장하세요.
              </p>
              {drafts > 0 && (
                <p>
                  이미 {articleStatusLabels.draft}인 글 {drafts}개는 그대로 둡니다.
                </p>
              )}
              <ChosenTitles rows={published} />
            </>
          }
        >
          선택한 글 내리기
        </ConfirmButton>
        <ConfirmButton
          {...sends("bulk-delete")}
          title={chosen.length > 0 ? `게시글 ${chosen.length}개를 삭제할까요?` : "고른 게시글을 삭제할까요?"}
          confirmLabel="삭제"
          disabled={unusable}
          message={
            <>
              <p>{deleteMessage(imageCount)}</p>
              <ChosenTitles rows={chosen} />
            </>
          }
        >
          선택한 글 삭제
        </ConfirmButton>
        {chosen.length > 0 && (
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            선택 해제
          </Button>
        )}
      </div>
      {tooMany && (
        <p className={`${field.error} ${styles.tooMany}`} role="alert">
          {tooManySelectedMessage("게시글", chosen.length)}
        </p>
      )}
    </fieldset>
  );
}

/** A confirming button sends its command as the list form's `intent`, with the ticked rows. */
function sends(command: "bulk-unpublish" | "bulk-delete") {
  return { name: "intent", value: command };
}

/** The titles a confirmation is about, in the list's order. */
function ChosenTitles({ rows }: { rows: ManagedArticleRow[] }) {
  if (rows.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and keyboard users must reach it
    <ul className={styles.titles} aria-label="고른 글" tabIndex={0}>
      {rows.map((row) => (
        <li key={row.id}>{row.title}</li>
      ))}
    </ul>
  );
}

/** Chooses every article on this page, or none; partly ticked when some are. Needs script. */
function ChooseAll({ selection, count }: { selection: RowSelection; count: number }) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLInputElement>(null);
  const some = selection.ids.length > 0 && !selection.allChosen;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className={styles.chooseAll}>
      <input
        ref={ref}
        type="checkbox"
        className={field.checkbox}
        checked={selection.allChosen}
        disabled={!hydrated || count === 0}
        onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
      />
      이 페이지의 글 모두 선택
    </label>
  );
}
