import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import pill from "#app/components/ui/Pill.module.css";
import styles from "./AdminBrand.module.css";

/** The admin area's mark: the club's name with the prompt motif and a "관리" tag. */
export function AdminBrand({ clubName }: { clubName: string }) {
  return (
    <span className={styles.brand}>
      <PromptMark className={styles.prompt} />
      <span>{clubName}</span>
      <span className={`${pill.pill} ${styles.area}`}>관리</span>
    </span>
  );
}
