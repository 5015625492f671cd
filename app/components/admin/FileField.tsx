import { type ReactNode, useEffect, useRef, useState } from "react";
import { formatFileSize } from "#app/lib/file-size.ts";
import styles from "./FileField.module.css";
import { FormField } from "./FormField.tsx";

interface FileFieldProps {
  label: string;
  name: string;
  /** Images are previewed as soon as they are chosen; PDFs and archives show their name and size. */
  kind: "image" | "pdf" | "archive";
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** What is stored now (a thumbnail, a file link), shown until another file is chosen. */
  current?: ReactNode;
}

const accepts = { image: "image/*", pdf: "application/pdf,.pdf", archive: ".gz,.tgz,application/gzip" } as const;

/**
 * A labelled file input that shows what will be sent: the chosen image itself (before it is
 * compressed and uploaded), or the chosen file's name and size, beside what is stored now.
 */
export function FileField({ label, name, kind, required, hint, error, current }: FileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number; url?: string } | null>(null);

  useEffect(() => {
    const url = chosen?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [chosen]);

  // A form emptied after a save empties the preview too.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const clear = () => setChosen(null);
    form.addEventListener("reset", clear);
    return () => form.removeEventListener("reset", clear);
  }, []);

  const preview = chosen?.url ? (
    <img src={chosen.url} alt={`고른 사진 미리 보기: ${chosen.name}`} width={160} height={120} />
  ) : (
    current
  );

  return (
    <FormField label={label} name={name} required={required} hint={hint} error={error}>
      {(field) => (
        <div className={styles.field} data-kind={kind}>
          {kind === "image" && (
            <div className={styles.preview} data-empty={preview ? undefined : true}>
              {preview ?? <span>고른 사진이 여기에 보입니다</span>}
            </div>
          )}
          <div className={styles.pick}>
            <input
              ref={inputRef}
              type="file"
              accept={accepts[kind]}
              className={styles.input}
              {...field}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setChosen(
                  file
                    ? {
                        name: file.name,
                        size: file.size,
                        url: kind === "image" && file.type.startsWith("image/") ? URL.createObjectURL(file) : undefined,
                      }
                    : null,
                );
              }}
            />
            {chosen ? (
              <p className={styles.note}>
                고른 파일: {chosen.name} ({formatFileSize(chosen.size)})
              </p>
            ) : (
              kind === "pdf" && current && <div className={styles.note}>{current}</div>
            )}
          </div>
        </div>
      )}
    </FormField>
  );
}
