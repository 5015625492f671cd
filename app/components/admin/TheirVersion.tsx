import { formatDateTime } from "#shared/dates.ts";
import { withParticle } from "#shared/korean.ts";
import type { ConflictingVersion } from "#shared/write-result.ts";
import styles from "./TheirVersion.module.css";
import { WordDiff } from "./WordDiff.tsx";

/**
 * Beside a save refused because another manager saved first: the version they saved and the one
 * the manager sent, side by side (one above the other on a phone), with the words that differ
 * marked as the revision history marks them. The typed values stay in the form below.
 */
export function TheirVersion({ theirs }: { theirs: ConflictingVersion }) {
  const { fields, parts } = theirs;
  return (
    <section className={styles.panel} aria-label="먼저 저장된 내용과 입력한 내용">
      <h3 className={styles.title}>먼저 저장된 내용과 입력한 내용</h3>
      <p className={styles.meta}>
        {theirs.savedBy || "기록 이전의 저장"} · {formatDateTime(theirs.savedAt, { seconds: true })}에 저장.{" "}
        {fields.length > 0 ? `${withParticle(fields.join(", "), "이/가")} 다릅니다.` : "입력한 내용과 같습니다."}
      </p>
      {parts ? (
        <div className={styles.columns}>
          <section aria-label="먼저 저장된 내용">
            <h4 className={styles.heading}>먼저 저장된 내용</h4>
            <WordDiff parts={parts} show="older" legend={{ removed: "입력한 내용에 없는 낱말", added: "" }} />
          </section>
          <section aria-label="입력한 내용">
            <h4 className={styles.heading}>입력한 내용</h4>
            <WordDiff parts={parts} show="newer" legend={{ removed: "", added: "먼저 저장된 내용에 없는 낱말" }} />
          </section>
        </div>
      ) : (
        <p>
          두 내용이 너무 길거나 많이 달라 낱말 단위로 비교하지 못했습니다. 새 탭에서 이 페이지를 열어 확인해 주세요.
        </p>
      )}
    </section>
  );
}
