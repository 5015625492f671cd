import { Link } from "react-router";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { Badge, RecordTable } from "#app/components/admin/DataTable.tsx";
import checks from "#app/components/admin/FormField.module.css";
import thumbnails from "#app/components/admin/list/RowSummary.module.css";
import { ItemThumbnail } from "#app/components/admin/list/RowSummary.tsx";
import { DocumentIcon } from "#app/components/icons/icons.tsx";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { LibraryFile } from "#server/domain/files/library.ts";
import { formatDateTime } from "#shared/dates.ts";
import styles from "./FileTable.module.css";

/** What the delete dialog says happens to a file, and to the old versions that named it. */
export const deleteMessage =
  "서버에서 파일이 지워지고 주소로도 열 수 없게 됩니다. 되돌릴 수 없고, 이 파일이 들어 있던 이전 버전(변경 기록)은 되돌릴 수 없게 됩니다.";

/** An image's thumbnail, or a document mark for a PDF (and any other file). */
function FileThumbnail({ file }: { file: LibraryFile }) {
  if (file.image) return <ItemThumbnail image={file.image} shape="square" />;
  return (
    <div className={`${thumbnails.thumbnail} ${styles.document}`} data-shape="square">
      <DocumentIcon size={24} />
      <span>{file.kind === "pdf" ? "PDF" : "파일"}</span>
    </div>
  );
}

/**
 * The library's files: each with its thumbnail, name (opening the file), size, upload time and
 * where it is used, linked to the page that uses it. A file nothing uses has a checkbox (for
 * deleting several at once) and its own delete button; a used one has neither.
 */
export function FileTable({
  files,
  selected,
  onSelect,
  onDelete,
  busy,
}: {
  files: LibraryFile[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, checked: boolean) => void;
  onDelete: (file: LibraryFile) => void;
  busy: boolean;
}) {
  return (
    <RecordTable
      caption="파일 목록"
      items={files}
      columns={["선택", "파일", "크기", "올린 때", "쓰이는 곳"]}
      cells={(file) => (
        <>
          <td>
            {file.uses.length === 0 && (
              <input
                type="checkbox"
                className={checks.checkbox}
                checked={selected.has(file.id)}
                disabled={busy}
                aria-label={`'${file.name}' 고르기`}
                onChange={(event) => onSelect(file.id, event.currentTarget.checked)}
              />
            )}
          </td>
          <td>
            <div className={styles.file}>
              <FileThumbnail file={file} />
              <div className={styles.fileText}>
                <a href={file.url} target="_blank" rel="noopener" className={styles.name}>
                  {file.name}
                  <span className="visually-hidden"> (새 탭)</span>
                </a>
                <span className={styles.type}>{file.contentType}</span>
              </div>
            </div>
          </td>
          <td data-nowrap data-mono>
            {formatFileSize(file.byteSize)}
            {file.width && file.height ? (
              <span className={styles.dimensions}>
                {file.width}×{file.height}
              </span>
            ) : null}
          </td>
          <td data-nowrap data-mono>
            <time dateTime={file.createdAt}>{formatDateTime(file.createdAt)}</time>
          </td>
          <td className={styles.uses}>
            {file.uses.length === 0 ? (
              <Badge tone="warning">쓰이지 않음</Badge>
            ) : (
              <ul aria-label={`'${file.name}' 파일이 쓰이는 곳`}>
                {file.uses.map((use) => (
                  <li key={`${use.href} ${use.item}`}>
                    <Link to={use.href}>
                      {use.place} {use.item}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </td>
        </>
      )}
      action={{
        label: "삭제",
        cell: (file) =>
          file.uses.length === 0 && (
            <ConfirmButton
              title={`'${file.name}' 파일을 삭제할까요?`}
              message={<p>{deleteMessage}</p>}
              confirmLabel="파일 삭제"
              disabled={busy}
              onConfirm={() => onDelete(file)}
            >
              삭제
            </ConfirmButton>
          ),
      }}
    />
  );
}
