import { useEffect, useRef, useState } from "react";
import type { ImageRef } from "../../../server/domain/files/files.ts";
import { ResponsiveImage } from "../ui/ResponsiveImage.tsx";
import { FormField, TextInput } from "./FormField.tsx";
import styles from "./PhotoField.module.css";

interface PhotoFieldProps {
  label: string;
  name: string;
  /** The stored photo, shown until another is chosen. */
  current?: ImageRef | undefined;
  /** Describes the photo for screen readers, e.g. "홍길동 프로필 사진". */
  alt: string;
  hint?: string;
  error?: string | undefined;
}

/**
 * An image file input with the stored photo beside it and a preview of the chosen file before
 * it is sent. The preview is a local object URL, released when another file is chosen.
 */
export function PhotoField({ label, name, current, alt, hint, error }: PhotoFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  // A form emptied after a save drops the preview with the chosen file.
  useEffect(() => {
    const form = inputRef.current?.form;
    const clear = () => setPreview(null);
    form?.addEventListener("reset", clear);
    return () => form?.removeEventListener("reset", clear);
  }, []);
  return (
    <div className={styles.photoField}>
      <div className={styles.frame} data-empty={!preview && !current ? true : undefined}>
        {preview ? (
          <img src={preview} alt={`${alt} (올리기 전 미리 보기)`} width={96} height={96} />
        ) : current ? (
          <ResponsiveImage image={current} alt={alt} sizes="96px" />
        ) : (
          <span className={styles.placeholder}>사진 없음</span>
        )}
      </div>
      <div className={styles.input}>
        <FormField label={label} name={name} hint={hint} error={error}>
          {(field) => (
            <TextInput
              {...field}
              ref={inputRef}
              type="file"
              accept="image/*"
              className={styles.file}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
              }}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
