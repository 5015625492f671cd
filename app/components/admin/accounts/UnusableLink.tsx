import { Link } from "react-router";
import { Notice } from "#app/components/admin/Notice.tsx";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";

/** What a link page shows when its link names nothing, was used or has expired. */
export function UnusableLink({ message }: { message: string }) {
  return (
    <>
      <Notice tone="error" title="이 링크는 쓸 수 없습니다.">
        <p>{message}</p>
      </Notice>
      <p className={styles.back}>
        <Link to="/admin/login">관리자 로그인 화면으로</Link> · <a href="/">공개 사이트로</a>
      </p>
    </>
  );
}
