import { useState } from "react";
import { useNavigation } from "react-router";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import filterBar from "#app/components/admin/FilterBar.module.css";
import { FilterSelect } from "#app/components/admin/FilterSelect.tsx";
import { Checkbox } from "#app/components/admin/FormField.tsx";
import { deleteMessage, FileTable } from "#app/components/admin/files/FileTable.tsx";
import { ListSearch, ListSummary } from "#app/components/admin/ListSearch.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import { pageMeta } from "#app/lib/meta.ts";
import {
  type FileListQuery,
  fileKinds,
  fileUseFilters,
  listLibraryFiles,
  parseFileListQuery,
} from "#server/domain/files/library.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/files";
import styles from "./files.module.css";

const TYPE = "files";
const PATH = "/admin/files";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "파일 보관함", noIndex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const query = parseFileListQuery(url.searchParams);
  return {
    query: { search: query.search, kind: query.kind, use: query.use },
    list: await listLibraryFiles(db, storage, query),
    kinds: Object.entries(fileKinds),
    uses: Object.entries(fileUseFilters),
  };
}

type ListQuery = Omit<FileListQuery, "page">;

/** The list's address for a page, keeping the search and the filters. */
function listHref(query: ListQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.kind) params.set("kind", query.kind);
  if (query.use) params.set("use", query.use);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

/** The form that deletes `ids`: one command for one file or many. */
function deleteForm(ids: readonly string[]): FormData {
  const form = new FormData();
  form.set("intent", "delete");
  for (const id of ids) form.append("id", id);
  return form;
}

export default function FileLibrary({ loaderData }: Route.ComponentProps) {
  const { query, list, kinds, uses } = loaderData;
  const navigation = useNavigation();
  const write = useAdminWrite(TYPE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filtered = query.search !== "" || query.kind !== "" || query.use !== "";
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  // Only this page's unused files can be chosen; a choice from another page or state is dropped.
  const unused = list.items.filter((file) => file.uses.length === 0);
  const chosen = unused.filter((file) => selected.has(file.id));

  function select(id: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function remove(ids: readonly string[]) {
    const answer = await write.send(deleteForm(ids));
    if (answer.ok) setSelected(new Set());
  }

  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="파일 보관함"
        description={
          <p>
            사이트에 올린 사진과 PDF가 모두 모여 있습니다. 파일마다 어디에 쓰이는지 나오고, 누르면 그 화면으로 갑니다.
            어디에도 쓰이지 않는 파일만 지울 수 있습니다. 쓰이는 파일은 그 화면에서 바꾸거나 빼 주세요.
          </p>
        }
      />

      <ListSearch
        path={PATH}
        label="파일 검색"
        searchLabel="파일 이름"
        search={query.search}
        filters={[query.kind, query.use]}
      >
        <FilterSelect id="files-kind" name="kind" label="종류" defaultValue={query.kind} options={kinds} />
        <FilterSelect id="files-use" name="use" label="쓰임" defaultValue={query.use} options={uses} />
      </ListSearch>

      <ListSummary
        loading={loading}
        summary={summaryOf(query, list, kinds, uses)}
        page={list.page}
        pageCount={list.pageCount}
      />

      <WriteAnswer answer={write.answer} />

      {list.items.length === 0 ? (
        <EmptyState
          title={filtered ? "조건에 맞는 파일이 없습니다" : "아직 올린 파일이 없습니다"}
          action={
            filtered && (
              <ButtonLink to={PATH} variant="secondary">
                모든 파일 보기
              </ButtonLink>
            )
          }
        >
          {filtered
            ? "검색어를 줄이거나 다른 조건을 골라 보세요."
            : "게시글, 주요 활동, 피드 같은 화면에서 사진이나 PDF를 올리면 여기에 모입니다."}
        </EmptyState>
      ) : (
        <>
          {unused.length > 0 && (
            <div className={`${filterBar.filters} ${styles.bulk}`}>
              <Checkbox
                label={`이 페이지의 쓰이지 않는 파일 ${unused.length}개 모두 고르기`}
                checked={chosen.length === unused.length}
                disabled={write.busy}
                onChange={(event) =>
                  setSelected(new Set(event.currentTarget.checked ? unused.map((file) => file.id) : []))
                }
              />
              <ConfirmButton
                title={`고른 파일 ${chosen.length}개를 삭제할까요?`}
                message={
                  <>
                    <p>{chosen.map((file) => `'${file.name}'`).join(", ")}</p>
                    <p>{deleteMessage}</p>
                  </>
                }
                confirmLabel={`파일 ${chosen.length}개 삭제`}
                disabled={write.busy || chosen.length === 0}
                onConfirm={() => void remove(chosen.map((file) => file.id))}
              >
                {`고른 파일 삭제 (${chosen.length}개)`}
              </ConfirmButton>
            </div>
          )}
          <FileTable
            files={list.items}
            selected={selected}
            onSelect={select}
            onDelete={(file) => void remove([file.id])}
            busy={write.busy}
          />
        </>
      )}

      <Pagination
        page={list.page}
        // A capped total means the next page exists; the count grows as it is reached.
        pageCount={list.totalCapped ? Math.max(list.pageCount, list.page + 1) : list.pageCount}
        hrefFor={(page) => listHref(query, page)}
        label="파일 목록 페이지"
      />
    </>
  );
}

function summaryOf(
  query: ListQuery,
  list: { total: number; totalCapped: boolean },
  kinds: [string, string][],
  uses: [string, string][],
): string {
  const labelOf = (options: [string, string][], value: string) => options.find(([key]) => key === value)?.[1];
  const scope = [
    query.search && `‘${query.search}’ 검색`,
    query.kind && `‘${labelOf(kinds, query.kind)}’`,
    query.use && `‘${labelOf(uses, query.use)}’`,
  ]
    .filter(Boolean)
    .join(", ");
  const count = `${list.total.toLocaleString("ko-KR")}개${list.totalCapped ? " 이상" : ""}`;
  return scope ? `${scope} 결과 ${count}` : `모든 파일 ${count}`;
}
