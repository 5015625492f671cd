import { type ChangeEvent, type DragEvent, useContext, useEffect, useId, useRef, useState } from "react";
import { Badge } from "#app/components/admin/DataTable.tsx";
import field from "#app/components/admin/FormField.module.css";
import { FormFieldsContext, TextInput } from "#app/components/admin/FormField.tsx";
import { SortableList } from "#app/components/sortable/SortableList.tsx";
import { Button, buttonClassName } from "#app/components/ui/Button.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { ImageRef } from "#server/domain/files/files.ts";
import { withParticle } from "#shared/korean.ts";
import styles from "./ArticleImageList.module.css";

/** New images one save may carry (the upload endpoint's limit on files a request). */
export const MAX_NEW_IMAGES = 20;

export interface ExistingImage {
  fileId: string;
  alt: string;
  image: ImageRef;
}

type Row =
  | { kind: "existing"; key: string; fileId: string; alt: string; image: ImageRef }
  | { kind: "new"; key: string; file: File };

/** The form value naming a row in the image list: `existing:{fileId}` or `new:{key}`. */
function tokenOf(row: Row): string {
  return row.kind === "existing" ? `existing:${row.fileId}` : `new:${row.key}`;
}

interface ArticleImageListProps {
  images: ExistingImage[];
  /** What the server said about the list as a whole. */
  error?: string | undefined;
  /** Field errors of the last answer (`imageAlt.{index}` for a row's description). */
  fieldErrors: Record<string, string>;
  disabled?: boolean;
}

/**
 * The article's pictures as one ordered list: each picture it has is kept or marked for deletion
 * (its description editable), new ones are chosen with the file input (several at once, or
 * dropped on it) and previewed, and the order changes by dragging, by keyboard or with the
 * arrows. Everything lives in the form itself: each row carries its place (`images`), its
 * description (`imageAlt`), the delete mark (`deleteImage`) and, for a new picture, the file
 * (`newImage` with `newImageKey`), so the form's data is exactly what the manager sees. A file
 * that turns out not to be a picture leaves the list at once, with a note naming it, so it can
 * never hold up the form.
 */
export function ArticleImageList({ images, error, fieldErrors, disabled = false }: ArticleImageListProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    images.map((image) => ({ kind: "existing", key: image.fileId, ...image })),
  );
  const [selectionNote, setSelectionNote] = useState<string | null>(null);
  const nextKey = useRef(1);
  const rootRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const pickerHintId = useId();
  const errorId = useId();
  const newCount = rows.filter((row) => row.kind === "new").length;
  const pickerDisabled = disabled || newCount >= MAX_NEW_IMAGES;

  /** Tells the form it changed (for the unsaved-changes guard) when no input event says so. */
  const markEdited = () => rootRef.current?.dispatchEvent(new Event("input", { bubbles: true }));

  const addFiles = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    const notImages = chosen.filter((file) => !file.type.startsWith("image/"));
    const pictures = chosen.filter((file) => file.type.startsWith("image/"));
    const room = Math.max(0, MAX_NEW_IMAGES - newCount);
    const accepted = pictures.slice(0, room);
    const notes: string[] = [];
    if (notImages.length > 0) {
      notes.push(
        `${withParticle(notImages.map((file) => `'${file.name}'`).join(", "), "은/는")} 이미지 파일이 아니라서 넣지 않았습니다. 이미지 파일만 올릴 수 있습니다.`,
      );
    }
    if (pictures.length > accepted.length) {
      notes.push(
        `한 번에 새 사진은 ${MAX_NEW_IMAGES}장까지 올릴 수 있습니다. 나머지 ${pictures.length - accepted.length}장은 저장한 뒤에 다시 추가해 주세요.`,
      );
    }
    setSelectionNote(notes.length > 0 ? notes.join(" ") : null);
    if (accepted.length === 0) return;
    setRows((current) => [
      ...current,
      ...accepted.map((file) => ({
        kind: "new" as const,
        key: `n${nextKey.current++}`,
        file,
      })),
    ]);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(event.currentTarget.files);
    // The chosen files now live in the rows; the picker starts empty for the next choice.
    event.currentTarget.value = "";
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    addFiles(event.dataTransfer.files);
    markEdited();
  };

  const removeNew = (key: string) => {
    setRows((current) => current.filter((row) => row.key !== key));
    markEdited();
  };

  // The browser could not show it, so it cannot be compressed or stored either.
  const dropUnreadable = (key: string, name: string) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setSelectionNote(
      `${withParticle(`'${name}'`, "은/는")} 이미지로 읽을 수 없는 파일이라서 목록에서 뺐습니다. 다른 사진을 골라 주세요.`,
    );
  };

  return (
    <fieldset
      className={styles.images}
      aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>
        사진 <span className={styles.count}>{rows.length}</span>
      </legend>
      <p id={hintId} className={field.hint}>
        사진은 본문 아래에 이 순서대로 실립니다. 올리기 전에 브라우저에서 4MB, 긴 변 1024px 이하로 줄이고, 위치 정보
        같은 촬영 정보는 지웁니다.
      </p>
      {error && (
        <p id={errorId} className={field.error} role="alert">
          {error}
        </p>
      )}

      <div ref={rootRef}>
        {rows.length > 0 && (
          <SortableList
            items={rows}
            getId={(row) => row.key}
            getLabel={(row) => labelOf(row, rows.indexOf(row))}
            label="사진 순서"
            disabled={disabled}
            onReorder={(orderedKeys) => {
              setRows((current) => orderedKeys.flatMap((key) => current.filter((row) => row.key === key)));
              markEdited();
            }}
            renderItem={(row) => (
              <ImageRow
                row={row}
                index={rows.indexOf(row)}
                altError={fieldErrors[`imageAlt.${rows.indexOf(row)}`]}
                disabled={disabled}
                onRemove={() => removeNew(row.key)}
                onUnreadable={(name) => dropUnreadable(row.key, name)}
              />
            )}
          />
        )}

        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the labelled file input does the same */}
        <div className={styles.picker} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
          {/* The browser's own file button speaks the browser's language; this one speaks Korean. */}
          <label
            className={buttonClassName("secondary", "sm", styles.pickerButton)}
            data-disabled={pickerDisabled || undefined}
          >
            <input
              type="file"
              accept="image/*"
              multiple
              className={styles.pickerInput}
              onChange={onInputChange}
              disabled={pickerDisabled}
              aria-describedby={`${hintId} ${pickerHintId}`}
            />
            사진 추가…
          </label>
          <p id={pickerHintId} className={styles.pickerHint}>
            여러 장을 한 번에 고르거나 이곳에 끌어다 놓을 수 있습니다. 한 번에 새 사진 {MAX_NEW_IMAGES}장까지.
          </p>
        </div>
        {selectionNote && (
          <p className={field.error} role="alert">
            {selectionNote}
          </p>
        )}
      </div>
    </fieldset>
  );
}

function labelOf(row: Row, index: number): string {
  return row.kind === "existing" ? row.alt || `사진 ${index + 1}` : row.file.name;
}

function ImageRow({
  row,
  index,
  altError,
  disabled,
  onRemove,
  onUnreadable,
}: {
  row: Row;
  index: number;
  altError: string | undefined;
  disabled: boolean;
  onRemove: () => void;
  onUnreadable: (name: string) => void;
}) {
  const altId = useId();
  const altErrorId = useId();
  const [deleted, setDeleted] = useState(false);
  const altRule = useContext(FormFieldsContext).rules.imageAlt;
  const label = labelOf(row, index);

  return (
    <div className={styles.row} data-deleted={deleted || undefined}>
      <input type="hidden" name="images" value={tokenOf(row)} />
      {row.kind === "existing" ? (
        <ResponsiveImage image={row.image} alt="" sizes="112px" className={styles.thumb} />
      ) : (
        <NewFile file={row.file} fileKey={row.key} onUnreadable={onUnreadable} />
      )}
      <div className={styles.details}>
        <div className={styles.meta}>
          <span className={styles.position}>{index + 1}</span>
          {row.kind === "new" ? (
            <>
              <Badge tone="success">새 사진</Badge>
              <span className={styles.fileName}>
                {row.file.name} · {formatFileSize(row.file.size)}
              </span>
            </>
          ) : (
            deleted && <Badge tone="danger">저장하면 삭제됩니다</Badge>
          )}
        </div>
        <label htmlFor={altId} className={styles.altLabel}>
          사진 설명 <span className={styles.altHint}>(화면 낭독기와 확대 보기에 쓰입니다)</span>
        </label>
        <TextInput
          id={altId}
          name="imageAlt"
          defaultValue={row.kind === "existing" ? row.alt : ""}
          maxLength={altRule?.maxLength}
          disabled={deleted}
          aria-invalid={altError ? true : undefined}
          aria-describedby={altError ? altErrorId : undefined}
        />
        {/* A disabled field is not sent; the list still needs one description per row. */}
        {deleted && <input type="hidden" name="imageAlt" value="" />}
        {altError && (
          <p id={altErrorId} className={field.error}>
            {altError}
          </p>
        )}
      </div>
      {row.kind === "existing" ? (
        <label className={buttonClassName("secondary", "sm", styles.deleteToggle)}>
          <input
            type="checkbox"
            name="deleteImage"
            value={row.fileId}
            disabled={disabled}
            onChange={(event) => setDeleted(event.currentTarget.checked)}
            aria-label={`'${label}' 삭제`}
          />
          <span aria-hidden="true">삭제</span>
        </label>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className={styles.removeButton}
          onClick={onRemove}
          disabled={disabled}
          aria-label={`'${label}' 빼기`}
        >
          빼기
        </Button>
      )}
    </div>
  );
}

/**
 * Carries one chosen file in the form as `newImage`, with its key beside it, so the form's own
 * data holds the new pictures in the order they are shown, and shows its preview. The page
 * compresses the files before sending (see `prepareArticleForm`).
 */
function NewFile({
  file,
  fileKey,
  onUnreadable,
}: {
  file: File;
  fileKey: string;
  onUnreadable: (name: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  }, [file]);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <>
      <input ref={ref} type="file" name="newImage" hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="newImageKey" value={fileKey} />
      {preview ? (
        <img
          src={preview}
          alt=""
          width={112}
          height={84}
          className={styles.thumb}
          onError={() => onUnreadable(file.name)}
        />
      ) : (
        <span className={styles.thumb} />
      )}
    </>
  );
}
