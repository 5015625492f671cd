import { type ComponentProps, useState } from "react";
import styles from "./FileInput.module.css";

/**
 * A file input with a Korean button and the chosen file's name (the browser's own control
 * speaks the browser's language). The input itself stays in the page, focusable and labelled by
 * its field; give it `accept` for the kinds of file it takes.
 */
export function FileInput({
  className,
  onChange,
  buttonLabel = "파일 고르기",
  ...props
}: Omit<ComponentProps<"input">, "type"> & { buttonLabel?: string }) {
  const [chosen, setChosen] = useState("");
  return (
    <span className={[styles.wrapper, className].filter(Boolean).join(" ")}>
      <span className={styles.button} aria-hidden="true">
        {buttonLabel}
      </span>
      <span className={styles.chosen} aria-hidden="true">
        {chosen || "고른 파일 없음"}
      </span>
      <input
        type="file"
        className={styles.input}
        onChange={(event) => {
          setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name).join(", "));
          onChange?.(event);
        }}
        {...props}
      />
    </span>
  );
}
