import { TitledSection } from "#app/components/admin/TitledSection.tsx";
import styles from "./security.module.css";

/** The recovery codes, shown once right after they were made. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <TitledSection className={styles.recovery} title="복구 코드">
      <p>
        휴대폰을 잃어버렸을 때 코드 하나로 한 번 로그인할 수 있습니다. <strong>지금 적어 두거나 인쇄해</strong> 안전한
        곳에 보관하세요. 이 화면을 떠나면 다시 볼 수 없습니다.
      </p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}
