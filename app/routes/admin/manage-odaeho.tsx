import { FileField } from "#app/components/admin/FileField.tsx";
import { FormField, TextArea, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import { countOf, OrderNote, pageOrder } from "#app/components/admin/list/PagedOrder.tsx";
import { ItemThumbnail, type RowSummaryProps } from "#app/components/admin/list/RowSummary.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { listHref } from "#app/lib/admin/list-href.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { compressImageFields } from "#app/lib/uploads/prepare-images.ts";
import { parseListQuery } from "#server/domain/list-query.ts";
import { listIssuePage, odaehoFields } from "#server/domain/odaeho/manage.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { dateInputValue } from "#server/domain/write/form-input.ts";
import { getServices } from "#server/http/router-context.ts";
import { formatLongDate, seoulDate } from "#shared/dates.ts";
import type { Route } from "./+types/manage-odaeho";
import styles from "./manage-media.module.css";

const TYPE = "odaeho";
const PATH = "/admin/manage-odaeho";
const PAGE_SIZE = 20;
const compressCover = compressImageFields(["thumbnail"]);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "오대호 관리", noIndex: true });

/** ?search= and ?page= as every admin list reads them; the issues are searched and paged in the database. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const query = parseListQuery(url.searchParams);
  const list = await listIssuePage(db, storage, { ...query, pageSize: PAGE_SIZE });
  return {
    search: query.search,
    list: {
      ...list,
      items: list.items.map((issue) => ({ ...issue, publishedDate: dateInputValue(issue.publishedAt) })),
    },
    today: seoulDate(new Date()),
    rules: fieldRules(odaehoFields),
  };
}

type Issue = Route.ComponentProps["loaderData"]["list"]["items"][number];

export default function ManageOdaeho({ loaderData }: Route.ComponentProps) {
  const { search, list, today, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="오대호"
        description={
          <p>
            동아리 회지 오대호를 호마다 표지 이미지와 PDF로 올립니다. 새 호는 목록 맨 위에 추가되고, 공개 페이지는 이
            목록의 순서대로 보여 줍니다.
          </p>
        }
        actions={
          <ButtonLink to="/archive/odaeho" variant="secondary" size="sm" reloadDocument>
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <section className={styles.panel} aria-labelledby="add-issue-title">
        <h2 id="add-issue-title" className={styles.panelTitle}>
          새 호 추가
        </h2>
        <AddItemForm contentType={TYPE} label="새 호 추가" submitLabel="호 추가" prepare={compressCover} rules={rules}>
          {({ fieldErrors }) => <IssueFields errors={fieldErrors} today={today} />}
        </AddItemForm>
      </section>

      <section className={styles.list} aria-labelledby="issues-title">
        <h2 id="issues-title" className={styles.listTitle}>
          발행된 호 <span className={styles.count}>{countOf(search, list.total)}</span>
        </h2>
        <ListSearch path={PATH} label="오대호 검색" searchLabel="제목이나 설명" search={search} />
        <OrderNote search={search} pageCount={list.pageCount} />
        {/* Kept when it is empty: a deletion's announcement is shown by the list. */}
        <ItemList
          contentType={TYPE}
          items={list.items}
          getId={(issue) => issue.id}
          getLabel={(issue) => issue.title}
          label="오대호 목록 순서"
          reorder={pageOrder(search, list.from)}
          empty={
            search ? (
              <EmptyState title="조건에 맞는 호가 없습니다">검색어를 줄이거나 바꿔 보세요.</EmptyState>
            ) : (
              <EmptyState title="아직 올린 호가 없습니다">
                위에서 표지와 PDF를 올리면 공개 페이지에 보입니다.
              </EmptyState>
            )
          }
          renderItem={(issue, announce) => (
            <ItemRow
              contentType={TYPE}
              id={issue.id}
              version={issue.version}
              label={`'${issue.title}' 회지`}
              summary={issueSummary(issue)}
              removeTitle={`'${issue.title}' 회지를 삭제할까요?`}
              removeMessage={<p>표지 이미지와 PDF 파일도 함께 지워지며 되돌릴 수 없습니다.</p>}
              prepare={compressCover}
              rules={rules}
              onRemoved={announce}
              fields={({ fieldErrors }) => <IssueFields errors={fieldErrors} today={today} issue={issue} />}
            />
          )}
        />
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => listHref(PATH, { search }, page)}
          label="오대호 페이지"
        />
      </section>
    </>
  );
}

function issueSummary(issue: Issue): RowSummaryProps {
  return {
    title: issue.title,
    media: <ItemThumbnail image={issue.cover} shape="tall" />,
    details: [
      <time key="date" dateTime={issue.publishedAt}>
        {formatLongDate(issue.publishedAt)} 발행
      </time>,
      <a key="pdf" href={issue.pdf.url} download={issue.pdf.fileName} className={styles.mono}>
        {issue.pdf.fileName} ({formatFileSize(issue.pdf.byteSize)})
      </a>,
    ],
  };
}

function IssueFields({ errors, today, issue }: { errors: Record<string, string>; today: string; issue?: Issue }) {
  return (
    <div className={styles.fields}>
      <TextField label="제목" name="title" hint="예: 오대호 2026" defaultValue={issue?.title ?? ""} />
      <FormField label="발행일" name="publishedAt">
        {(field) => (
          <TextInput
            {...field}
            type="date"
            defaultValue={issue?.publishedDate ?? today}
            min="1900-01-01"
            max="2100-12-31"
          />
        )}
      </FormField>
      <div className={styles.wide}>
        <FormField label="설명" name="description">
          {(field) => <TextArea {...field} defaultValue={issue?.description ?? ""} rows={2} />}
        </FormField>
      </div>
      <FileField
        label={issue ? "표지 이미지 바꾸기" : "표지 이미지"}
        name="thumbnail"
        kind="image"
        required={!issue}
        hint="세로로 긴 표지가 잘 어울립니다. 올리기 전에 1024px, 4MB 이하로 줄입니다."
        error={errors.thumbnail}
        current={issue && <ResponsiveImage image={issue.cover} alt="지금 표지" sizes="160px" />}
      />
      <FileField
        label={issue ? "PDF 바꾸기" : "PDF 파일"}
        name="pdf"
        kind="pdf"
        required={!issue}
        hint="PDF 문서만 올릴 수 있습니다(30MB까지). 파일 이름은 '동아리 이름 odaeho 제목.pdf'로 저장됩니다."
        error={errors.pdf}
        current={
          issue && (
            <>
              지금 파일: {issue.pdf.fileName} ({formatFileSize(issue.pdf.byteSize)})
            </>
          )
        }
      />
    </div>
  );
}
