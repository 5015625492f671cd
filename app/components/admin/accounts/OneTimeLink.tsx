import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { TextInput } from "#app/components/admin/FormField.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { formatDateTime } from "#shared/dates.ts";
import styles from "./OneTimeLink.module.css";

/** What a write that makes a link answers with (the server keeps only the token's hash). */
export interface NewLink {
  path: string;
  expiresAt: string;
}

export function isNewLink(value: unknown): value is NewLink {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as NewLink).path === "string" &&
    typeof (value as NewLink).expiresAt === "string"
  );
}

/**
 * A link made a moment ago, shown once to be copied into a message: the site sends no e-mail,
 * and the server cannot show it again. It comes into view when it appears.
 */
export function OneTimeLink({ title, link, children }: { title: string; link: NewLink; children: ReactNode }) {
  const titleId = useId();
  const inputId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  // Made in the browser, after a write: the address the manager is using is the one to share.
  const url = new URL(link.path, window.location.origin).href;
  // Keyed by its link, so a new link starts uncopied and is brought into view.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: "nearest" });
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <section ref={sectionRef} className={styles.box} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {title}
      </h3>
      <div className={styles.text}>{children}</div>
      <div className={styles.row}>
        <label htmlFor={inputId} className="visually-hidden">
          {title}
        </label>
        <TextInput
          id={inputId}
          className={styles.url}
          value={url}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={copy}>
          복사
        </Button>
      </div>
      <p className={styles.status} role="status">
        {copied === "copied"
          ? "링크를 복사했습니다. 메신저에 붙여 넣어 보내세요."
          : copied === "failed"
            ? "복사하지 못했습니다. 링크 칸을 누르면 전체가 선택되니 직접 복사해 주세요."
            : ""}
      </p>
      <p className={styles.expiry}>
        {formatDateTime(link.expiresAt)}까지 한 번만 쓸 수 있습니다. 이 화면을 떠나면 링크를 다시 볼 수 없으니,
        잃어버리면 새로 만들어 주세요.
      </p>
    </section>
  );
}
