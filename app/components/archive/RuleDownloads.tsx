import { DocumentIcon } from "#app/components/icons/icons.tsx";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { RuleDownload } from "#server/domain/rules/rule-files.ts";
import { DownloadLink } from "./DownloadLink.tsx";
import styles from "./RuleDownloads.module.css";

/** The rules' PDF files, each with its size and a download link to /rules/{fileName}. */
export function RuleDownloads({ downloads, titleId }: { downloads: RuleDownload[]; titleId: string }) {
  return (
    <section className={styles.panel}>
      <h2 id={titleId} className={styles.title}>
        회칙 파일
      </h2>
      <ul className={styles.list}>
        {downloads.map((download) => (
          <li key={download.href} className={styles.item}>
            <DocumentIcon className={styles.fileIcon} size={28} />
            <div className={styles.text}>
              <p className={styles.name}>{download.title}</p>
              <p className={styles.meta}>PDF · {formatFileSize(download.byteSize)}</p>
            </div>
            <DownloadLink
              href={download.href}
              fileName={download.fileName}
              subject={download.title}
              className={styles.download}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
