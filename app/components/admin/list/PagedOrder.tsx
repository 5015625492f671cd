import styles from "./ItemList.module.css";

/**
 * A hand-ordered list shown a page at a time (the feed, the odaeho issues): its rows change
 * places within the page, and the page tells the server where it starts in the whole list
 * (`from`), which checks that those places still hold the rows shown. A search shows rows from
 * all over the list, so its results are not put in order.
 */
export function pageOrder(search: string, from: number): { fields: Record<string, string> } | undefined {
  return search ? undefined : { fields: { from: String(from) } };
}

/** What may be put in order here: said above the list when it is not the whole list. */
export function OrderNote({ search, pageCount }: { search: string; pageCount: number }) {
  if (search) {
    return <p className={styles.note}>검색 결과에서는 순서를 바꿀 수 없습니다. 조건을 지우면 바꿀 수 있습니다.</p>;
  }
  if (pageCount > 1) {
    return (
      <p className={styles.note}>
        목록이 길어 페이지로 나누어 보여 줍니다. 순서는 한 페이지 안에서 바꿀 수 있고, 새 항목은 첫 페이지 맨 위에
        추가됩니다.
      </p>
    );
  }
  return null;
}

/** "12개", or "검색 결과 3개" while a search is shown. */
export function countOf(search: string, total: number): string {
  const count = `${total.toLocaleString("ko-KR")}개`;
  return search ? `검색 결과 ${count}` : count;
}
