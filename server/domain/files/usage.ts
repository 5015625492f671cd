import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { isPostgres } from "#server/domain/articles/search-index.ts";
import { shortLabel } from "#server/domain/write/changes.ts";
import { ConflictError } from "#server/failures.ts";

/**
 * Where each stored file is used (decision 0029): the one answer to "what uses this file?" for
 * the file library, and for every write that removes a file (`writeWithFiles` refuses to remove
 * one that is still used). Content names files in two ways: table columns
 * (listed in `fileColumns`, each indexed) and the single documents' JSON (any property named
 * `fileId` or `…FileId`). A new place that names files is added here, and nowhere else.
 */

/** One use of a file: the kind of content, which item of it, and the admin page that edits it. */
export interface FileUse {
  /** "미디어 게시글", "회칙". */
  place: string;
  /** "'해커톤 후기' 사진 2", "첨부 파일 '회칙 원문'". */
  item: string;
  /** The admin page where the file is replaced or removed. */
  href: string;
}

type Found = [fileId: string, use: FileUse][];

interface FileColumn {
  table: keyof Database;
  column: string;
  /** The uses of `ids` in this column, described. */
  find(db: Db, ids: string[]): Promise<Found>;
}

const quoted = (text: string) => `'${shortLabel(text)}'`;

/**
 * A column of a list's rows: each row is named by its `label` column, and the file is its `what`
 * ("사진", "PDF"); the list is edited on one admin page.
 */
function listColumn(
  table: keyof Database,
  column: string,
  label: string,
  use: { place: string; what: string; href: string },
): FileColumn {
  return {
    table,
    column,
    find: async (db, ids) => {
      const { rows } = await sql<{ file_id: string; label: string }>`select ${sql.ref(column)} as file_id,
        ${sql.ref(label)} as label from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(db);
      return rows.map((row) => [
        row.file_id,
        { place: use.place, item: `${quoted(row.label)} ${use.what}`, href: use.href },
      ]);
    },
  };
}

/** Every table column that names a stored file. */
export const fileColumns: readonly FileColumn[] = [
  {
    table: "article_images",
    column: "file_id",
    // An article's pictures are named by the article and their place in it, and open its editor.
    find: async (db, ids) =>
      (
        await db
          .selectFrom("article_images")
          .innerJoin("articles", "articles.id", "article_images.article_id")
          .select(["article_images.file_id", "article_images.position", "articles.id", "articles.title"])
          .where("article_images.file_id", "in", ids)
          .execute()
      ).map((row) => [
        row.file_id,
        {
          place: "미디어 게시글",
          item: `${quoted(row.title)} 사진 ${row.position + 1}`,
          href: `/admin/manage-posts/${row.id}`,
        },
      ]),
  },
  listColumn("main_activities", "image_file_id", "title", {
    place: "주요 활동",
    what: "사진",
    href: "/admin/manage-main-activity",
  }),
  listColumn("odaeho_issues", "thumbnail_file_id", "title", {
    place: "오대호",
    what: "표지",
    href: "/admin/manage-odaeho",
  }),
  listColumn("odaeho_issues", "pdf_file_id", "title", { place: "오대호", what: "PDF", href: "/admin/manage-odaeho" }),
  listColumn("feed_items", "image_file_id", "caption", { place: "피드", what: "사진", href: "/admin/manage-feed" }),
  listColumn("organization_members", "photo_file_id", "name", {
    place: "조직도",
    what: "사진",
    href: "/admin/manage-organization",
  }),
];

/** The single documents that name files, as managers know them. */
const documentPlaces: Record<string, { place: string; href: string }> = {
  home: { place: "홈 화면", href: "/admin/manage-settings" },
  admission_info: { place: "모집 안내", href: "/admin/manage-admissions" },
  rules: { place: "회칙", href: "/admin/manage-rule" },
  site_settings: { place: "사이트 설정", href: "/admin/manage-settings" },
  leaders: { place: "운영진", href: "/admin/manage-leaders" },
};

/** What a document calls the files held under a property (a list's name, or its object's). */
const documentLabels: Record<string, string> = {
  heroImages: "첫 화면 사진",
  video: "영상 표지",
  events: "행사 사진",
  meta: "포스터",
  attachments: "첨부 파일",
};

/** Keys that name a stored file in a document: "fileId", "imageFileId", "posterFileId". */
const fileKey = /^(fileId|\w+FileId)$/;

/** Whether a document's property names a stored file. */
export function isFileKey(key: string): boolean {
  return fileKey.test(key);
}

interface FileMention {
  fileId: string;
  /** The object holding the id, its position in a list (if any) and the list's or object's name. */
  holder: Record<string, unknown>;
  index: number | undefined;
  under: string | undefined;
}

/** Every file a document's JSON names, with where in the document it stands. */
function* mentionsIn(node: unknown, under?: string, index?: number): Generator<FileMention> {
  if (Array.isArray(node)) {
    for (const [at, item] of node.entries()) yield* mentionsIn(item, under, at);
  } else if (node && typeof node === "object") {
    const holder = node as Record<string, unknown>;
    for (const [key, child] of Object.entries(holder)) {
      if (isFileKey(key)) {
        if (typeof child === "string" && child) yield { fileId: child, holder, index, under };
      } else yield* mentionsIn(child, key);
    }
  }
}

/** The ids of the files a document's JSON names (a document revision's, when it is restored). */
export function fileIdsIn(value: unknown): Set<string> {
  return new Set([...mentionsIn(value)].map((mention) => mention.fileId));
}

function describeMention(key: string, mention: FileMention): FileUse {
  const { place, href } = documentPlaces[key] ?? { place: `문서 '${key}'`, href: "/admin" };
  const label = (mention.under && documentLabels[mention.under]) ?? "파일";
  const title = mention.holder.title;
  const item =
    typeof title === "string" && title.trim()
      ? `${label} ${quoted(title)}`
      : mention.index === undefined
        ? label
        : `${label} ${mention.index + 1}`;
  return { place, item, href };
}

/**
 * Every file the single documents name, with its uses. Documents are a handful of rows, so they
 * are read whole; the tables are only ever asked about given ids.
 */
export async function documentFileUses(db: Db): Promise<Map<string, FileUse[]>> {
  const uses = new Map<string, FileUse[]>();
  for (const row of await db.selectFrom("documents").select(["key", "value"]).orderBy("key").execute()) {
    for (const mention of mentionsIn(JSON.parse(row.value))) {
      const list = uses.get(mention.fileId) ?? [];
      list.push(describeMention(row.key, mention));
      uses.set(mention.fileId, list);
    }
  }
  return uses;
}

/**
 * The uses of each of `ids` (those not used at all are missing from the map). `documents` is
 * `documentFileUses`, when the caller has read it already.
 */
export async function findFileUses(
  db: Db,
  ids: readonly string[],
  documents?: Map<string, FileUse[]>,
): Promise<Map<string, FileUse[]>> {
  const unique = [...new Set(ids)];
  const uses = new Map<string, FileUse[]>();
  if (unique.length === 0) return uses;
  const add = (fileId: string, use: FileUse) => uses.set(fileId, [...(uses.get(fileId) ?? []), use]);
  for (const column of fileColumns) {
    for (const [fileId, use] of await column.find(db, unique)) add(fileId, use);
  }
  const named = documents ?? (await documentFileUses(db));
  for (const id of unique) for (const use of named.get(id) ?? []) add(id, use);
  return uses;
}

/**
 * A condition on `files` rows: no table column names the file, nor does any document
 * (`documentFileIds`, the keys of `documentFileUses`). Unused files are rare, so the ids no column
 * names are gathered once, as a set difference of index scans, rather than by probing every
 * column for every file.
 */
export function isUnused(
  eb: ExpressionBuilder<Database, "files">,
  documentFileIds: readonly string[],
): Expression<SqlBool> {
  const unnamed = sql.join(
    fileColumns.map(({ table, column }) => sql`except select ${sql.ref(column)} from ${sql.table(table)}`),
    sql` `,
  );
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref("files.id")} in (select id from files ${unnamed})`];
  if (documentFileIds.length > 0) conditions.push(eb("files.id", "not in", [...documentFileIds]));
  return eb.and(conditions);
}

/**
 * The opposite of `isUnused`: some column or document names the file. Most files are used, so
 * each row is probed in the columns' indexes and a list stops at the end of its page.
 */
export function isUsed(
  eb: ExpressionBuilder<Database, "files">,
  documentFileIds: readonly string[],
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = fileColumns.map(
    ({ table, column }) =>
      sql<SqlBool>`exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref("files.id")})`,
  );
  if (documentFileIds.length > 0) conditions.push(eb("files.id", "in", [...documentFileIds]));
  return eb.or(conditions);
}

/** "미디어 게시글 '해커톤 후기' 사진 2, 회칙 첨부 파일 '회칙' 외 2곳". */
export function describeUses(uses: readonly FileUse[]): string {
  const named = uses.slice(0, 2).map((use) => `${use.place} ${use.item}`);
  return uses.length > 2 ? `${named.join(", ")} 외 ${uses.length - 2}곳` : named.join(", ");
}

/** A removal of files that content still uses: 409, naming the files and where they are used. */
export class FileInUseError extends ConflictError {
  override name = "FileInUseError";
  constructor(files: readonly { name: string; uses: readonly FileUse[] }[]) {
    const [first] = files;
    super(
      files.length === 1 && first
        ? `${quoted(first.name)} 파일은 ${describeUses(first.uses)}에 쓰이고 있어 지울 수 없습니다. 그 화면에서 파일을 바꾸거나 빼면 지울 수 있습니다.`
        : `쓰이고 있는 파일은 지울 수 없습니다: ${files
            .slice(0, 3)
            .map((file) => `${quoted(file.name)}(${describeUses(file.uses)})`)
            .join(
              ", ",
            )}${files.length > 3 ? ` 외 ${files.length - 3}개` : ""}. 그 화면에서 파일을 바꾸거나 빼면 지울 수 있습니다.`,
    );
  }
}

/** The name a file is shown under: the name it was uploaded with, else its stored name. */
export function fileName(row: { original_name: string | null; storage_key: string }): string {
  return row.original_name?.trim() || row.storage_key.slice(row.storage_key.lastIndexOf("/") + 1);
}

/**
 * Before files are removed, in the removing write's transaction: their rows locked (on
 * PostgreSQL; SQLite runs one write at a time), so a write that names them again (a restore)
 * either commits first and is seen here, or waits and finds them gone; then a refusal when any
 * is still used.
 */
export async function refuseUsedFiles(trx: Db, ids: readonly string[]): Promise<void> {
  let locked = trx
    .selectFrom("files")
    .select(["id", "original_name", "storage_key"])
    .where("id", "in", [...ids]);
  if (isPostgres(trx)) locked = locked.forUpdate();
  const rows = await locked.execute();
  const uses = await findFileUses(
    trx,
    rows.map((row) => row.id),
  );
  if (uses.size === 0) return;
  throw new FileInUseError(
    rows.flatMap((row) => {
      const found = uses.get(row.id);
      return found ? [{ name: fileName(row), uses: found }] : [];
    }),
  );
}

/**
 * In a write that names stored files again (a document restored): the ids of those that are
 * gone. On PostgreSQL the rows found are locked against removal until the write commits.
 */
export async function missingFiles(trx: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  let query = trx
    .selectFrom("files")
    .select("id")
    .where("id", "in", [...ids]);
  if (isPostgres(trx)) query = query.forShare();
  const found = new Set((await query.execute()).map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}
