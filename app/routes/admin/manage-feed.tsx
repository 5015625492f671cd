import { FileField } from "#app/components/admin/FileField.tsx";
import { FormField, TextArea, TextInput } from "#app/components/admin/FormField.tsx";
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
import { pageMeta } from "#app/lib/meta.ts";
import { compressImageFields } from "#app/lib/uploads/prepare-images.ts";
import { webLink } from "#app/lib/web-link.ts";
import { feedFields, listFeedPage } from "#server/domain/feed/manage.ts";
import { parseListQuery } from "#server/domain/list-query.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { dateInputValue } from "#server/domain/write/form-input.ts";
import { getServices } from "#server/http/router-context.ts";
import { formatShortDate, seoulDate } from "#shared/dates.ts";
import type { Route } from "./+types/manage-feed";
import styles from "./manage-media.module.css";

const TYPE = "feed";
const PATH = "/admin/manage-feed";
const PAGE_SIZE = 20;
const compressImage = compressImageFields(["image"]);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "피드 관리", noIndex: true });

/** ?search= and ?page= as every admin list reads them; the feed is searched and paged in the database. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const query = parseListQuery(url.searchParams);
  const list = await listFeedPage(db, storage, { ...query, pageSize: PAGE_SIZE });
  return {
    search: query.search,
    list: { ...list, items: list.items.map((item) => ({ ...item, postedDate: dateInputValue(item.postedAt) })) },
    today: seoulDate(new Date()),
    rules: fieldRules(feedFields),
  };
}

type Item = Route.ComponentProps["loaderData"]["list"]["items"][number];

export default function ManageFeed({ loaderData }: Route.ComponentProps) {
  const { search, list, today, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="피드"
        description={
          <p>
            피드에 올라가는 사진과 짧은 글을 관리합니다. 새 게시물은 맨 위에 추가되고, 공개 페이지는 이 목록의 순서대로
            보여 줍니다.
          </p>
        }
        actions={
          <ButtonLink to="/community/feed" variant="secondary" size="sm" reloadDocument>
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <section className={styles.panel} aria-labelledby="add-feed-title">
        <h2 id="add-feed-title" className={styles.panelTitle}>
          새 게시물 추가
        </h2>
        <AddItemForm
          contentType={TYPE}
          label="새 게시물 추가"
          submitLabel="게시물 추가"
          prepare={compressImage}
          rules={rules}
        >
          {({ fieldErrors }) => <FeedFields errors={fieldErrors} today={today} />}
        </AddItemForm>
      </section>

      <section className={styles.list} aria-labelledby="feed-items-title">
        <h2 id="feed-items-title" className={styles.listTitle}>
          게시물 <span className={styles.count}>{countOf(search, list.total)}</span>
        </h2>
        <ListSearch path={PATH} label="피드 검색" searchLabel="설명이나 링크" search={search} />
        <OrderNote search={search} pageCount={list.pageCount} />
        {list.items.length === 0 ? (
          search ? (
            <EmptyState title="조건에 맞는 게시물이 없습니다">검색어를 줄이거나 바꿔 보세요.</EmptyState>
          ) : (
            <EmptyState title="아직 올린 게시물이 없습니다">위에서 사진을 올리면 공개 피드에 보입니다.</EmptyState>
          )
        ) : (
          <ItemList
            contentType={TYPE}
            items={list.items}
            getId={(item) => item.id}
            getLabel={(item) => item.caption}
            label="피드 순서"
            reorder={pageOrder(search, list.from)}
            renderItem={(item, announce) => (
              <ItemRow
                contentType={TYPE}
                id={item.id}
                version={item.version}
                label={`'${item.caption}' 게시물`}
                summary={feedSummary(item)}
                removeTitle={`'${item.caption}' 게시물을 삭제할까요?`}
                removeMessage={<p>사진 파일도 함께 지워지며 되돌릴 수 없습니다.</p>}
                prepare={compressImage}
                rules={rules}
                onRemoved={announce}
                fields={({ fieldErrors }) => <FeedFields errors={fieldErrors} today={today} item={item} />}
              />
            )}
          />
        )}
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => listHref(PATH, { search }, page)}
          label="피드 페이지"
        />
      </section>
    </>
  );
}

function feedSummary(item: Item): RowSummaryProps {
  const host = webLink(item.link)?.hostname.replace(/^www\./, "");
  return {
    title: item.caption,
    media: <ItemThumbnail image={item.image} shape="square" />,
    details: [
      <time key="date" dateTime={item.postedAt}>
        {formatShortDate(item.postedAt)}
      </time>,
      host ? (
        <a key="link" href={item.link} target="_blank" rel="noopener noreferrer">
          {host}
          <span className="visually-hidden"> (새 창)</span>
        </a>
      ) : (
        "링크 없음"
      ),
    ],
  };
}

function FeedFields({ errors, today, item }: { errors: Record<string, string>; today: string; item?: Item }) {
  return (
    <div className={styles.fields}>
      <div className={styles.wide}>
        <FormField label="설명" name="caption">
          {(field) => <TextArea {...field} defaultValue={item?.caption ?? ""} rows={2} />}
        </FormField>
      </div>
      <FormField label="링크" name="link" hint="눌렀을 때 열 주소(예: 인스타그램 게시물). 비워 두어도 됩니다.">
        {(field) => (
          <TextInput
            {...field}
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={item?.link ?? ""}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label="게시일" name="postedAt">
        {(field) => (
          <TextInput
            {...field}
            type="date"
            defaultValue={item?.postedDate ?? today}
            min="1900-01-01"
            max="2100-12-31"
          />
        )}
      </FormField>
      <div className={styles.wide}>
        <FileField
          label={item ? "사진 바꾸기" : "사진"}
          name="image"
          kind="image"
          required={!item}
          hint="정사각형 사진이 잘 어울립니다. 올리기 전에 1024px, 4MB 이하로 줄입니다."
          error={errors.image}
          current={item && <ResponsiveImage image={item.image} alt="지금 사진" sizes="160px" />}
        />
      </div>
    </div>
  );
}
