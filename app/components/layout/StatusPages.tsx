import { Link } from "react-router";
import styles from "./StatusPages.module.css";

/** The spec's 404 page: an error heading, '404 Not Found' and what to do about it. */
export function NotFoundPage() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="status-title">
      <p className={styles.eyebrow}>
        <span aria-hidden="true">&gt;_ </span>ERROR
      </p>
      <h1 id="status-title" className={styles.title}>
        404 Not Found
      </h1>
      <p className={styles.message}>요청하신 주소의 페이지를 찾을 수 없습니다.</p>
      <p className={styles.hint}>입력하신 주소가 올바른지 다시 한 번 확인해 주세요.</p>
      <Link to="/" className={styles.home}>
        홈으로 돌아가기
      </Link>
    </section>
  );
}

export function ErrorPage({ status }: { status: number }) {
  if (status === 503) return <UnavailablePage />;
  if (status === 403) return <ForbiddenPage />;
  return (
    <section className={`container ${styles.page}`} aria-labelledby="status-title">
      <p className={styles.eyebrow}>
        <span aria-hidden="true">&gt;_ </span>ERROR {status}
      </p>
      <h1 id="status-title" className={styles.title}>
        문제가 발생했습니다
      </h1>
      <p className={styles.message}>페이지를 불러오는 중에 오류가 났습니다.</p>
      <p className={styles.hint}>잠시 후 다시 시도해 주세요. 문제가 계속되면 운영진에게 알려 주세요.</p>
      <Link to="/" className={styles.home}>
        홈으로 돌아가기
      </Link>
    </section>
  );
}

/** The database (or another service the page needs) cannot be reached for the moment. */
function UnavailablePage() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="status-title">
      <p className={styles.eyebrow}>
        <span aria-hidden="true">&gt;_ </span>ERROR 503
      </p>
      <h1 id="status-title" className={styles.title}>
        잠시 이용할 수 없습니다
      </h1>
      <p className={styles.message}>서버가 데이터베이스에 연결하지 못해 페이지를 보여 드릴 수 없습니다.</p>
      <p className={styles.hint}>대개 잠깐이면 복구됩니다. 몇 초 뒤에 이 페이지를 새로 고침해 주세요.</p>
    </section>
  );
}

/** An editor opened what only the site's owners may (the admin area's guard answers 403). */
function ForbiddenPage() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="status-title">
      <p className={styles.eyebrow}>
        <span aria-hidden="true">&gt;_ </span>ERROR 403
      </p>
      <h1 id="status-title" className={styles.title}>
        403 Forbidden
      </h1>
      <p className={styles.message}>이 화면은 사이트 소유자만 열 수 있습니다.</p>
      <p className={styles.hint}>
        편집자 계정으로는 계정·백업·사이트 설정을 다룰 수 없습니다. 필요하면 사이트 소유자에게 부탁해 주세요.
      </p>
      <Link to="/admin" className={styles.home}>
        관리 화면으로 돌아가기
      </Link>
    </section>
  );
}
