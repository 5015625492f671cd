import { useEffect, useRef, useState } from "react";
import type { ImageRef } from "../../../server/domain/files/files.ts";
import { withObjectParticle } from "../../lib/korean.ts";
import { markFormEdited } from "../../lib/mark-form-edited.ts";
import { Button } from "../ui/Button.tsx";
import { ResponsiveImage } from "../ui/ResponsiveImage.tsx";
import { ConfirmButton } from "./ConfirmButton.tsx";
import { FileInput } from "./FileInput.tsx";
import { FormField } from "./FormField.tsx";
import styles from "./ImageField.module.css";

interface ImageFieldProps {
  /** The file input's name; the picture chosen there replaces the saved one on save. */
  name: string;
  label: string;
  /** The saved picture, if any. */
  current: ImageRef | undefined;
  /** What the saved picture shows, for its preview. */
  currentAlt: string;
  /** With a name, the saved picture can be removed: the field sends "remove" or "keep". */
  removeName?: string;
  hint?: string;
  error?: string | undefined;
}

/**
 * A picture in an admin form: the saved one, or a preview of the one chosen to replace it (shown
 * before anything is sent), and, where a picture is optional, a way to remove it on save. The
 * form compresses the chosen file before sending (see `compressImageFields`).
 */
export function ImageField({
  name,
  label,
  current,
  currentAlt,
  removeName,
  hint,
  error,
}: ImageFieldProps) {
  const [chosen, setChosen] = useState<{ url: string; name: string } | null>(null);
  const [removed, setRemoved] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    setChosen(file ? { url: URL.createObjectURL(file), name: file.name } : null);
    if (file) setRemoved(false);
  };
  const clearChoice = () => {
    const input = inputRef.current;
    if (!input) return;
    input.value = "";
    // As if the manager had emptied the input: the preview, its name and the form all follow.
    input.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const toggleRemoved = (next: boolean) => {
    setRemoved(next);
    markFormEdited(rootRef.current);
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <FormField label={label} name={name} hint={hint} error={error}>
        {(field) => (
          <div className={styles.body}>
            <div
              className={styles.preview}
              data-state={chosen ? "new" : removed ? "removed" : "saved"}
            >
              {chosen ? (
                <img
                  src={chosen.url}
                  alt={`새로 고른 사진: ${chosen.name}`}
                  className={styles.image}
                />
              ) : current && !removed ? (
                <ResponsiveImage
                  image={current}
                  alt={currentAlt}
                  sizes="(max-width: 640px) 100vw, 320px"
                  className={styles.image}
                />
              ) : (
                <p className={styles.placeholder}>
                  {removed ? "저장하면 사진이 삭제됩니다." : "등록된 사진이 없습니다."}
                </p>
              )}
              {chosen && <span className={styles.badge}>새 사진 · 저장하면 바뀝니다</span>}
            </div>
            <div className={styles.controls}>
              <FileInput
                ref={inputRef}
                {...field}
                accept="image/*"
                buttonLabel="사진 고르기"
                onChange={(event) => choose(event.currentTarget.files?.[0])}
              />
              {chosen && (
                <Button variant="ghost" size="sm" onClick={clearChoice}>
                  선택 취소
                </Button>
              )}
              {removeName && current && !chosen && !removed && (
                <ConfirmButton
                  title={`${withObjectParticle(label)} 삭제할까요?`}
                  message="저장을 누르면 사진 파일이 지워지고 공개 페이지에서도 사라집니다."
                  onConfirm={() => toggleRemoved(true)}
                >
                  사진 삭제
                </ConfirmButton>
              )}
              {removed && !chosen && (
                <Button variant="secondary" size="sm" onClick={() => toggleRemoved(false)}>
                  삭제 취소
                </Button>
              )}
              {removeName && (
                <input type="hidden" name={removeName} value={removed ? "remove" : "keep"} />
              )}
            </div>
          </div>
        )}
      </FormField>
    </div>
  );
}
