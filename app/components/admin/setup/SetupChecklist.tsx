import { Link } from "react-router";
import type { IdentityItem, SetupStatus } from "#server/domain/site-settings/identity.ts";
import styles from "./SetupChecklist.module.css";

/** The part of the identity form each item is in (its FormSection's id). */
const sectionOf: Record<IdentityItem["key"], string> = {
  clubName: "settings-club",
  subtitle: "settings-club",
  description: "settings-club",
  email: "settings-contact",
  address: "settings-contact",
  siteUrl: "settings-contact",
  social: "settings-social",
  partners: "settings-partners",
};

const stateText: Record<Exclude<IdentityItem["state"], "set">, string> = {
  unset: "비어 있음",
  demo: "아직 데모의 값",
};

/**
 * What of the club's identity is still empty or still the demo's, each linked to its part of
 * the form: on the dashboard (to the setup page) and on the setup page itself (to the form
 * below it). Optional items are marked so: a club without them can leave them empty.
 */
export function SetupChecklist({ status, formPath }: { status: SetupStatus; formPath: string }) {
  const needed = status.missing.filter((item) => !item.optional || item.state === "demo").length;
  return (
    <section className={styles.checklist} aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title" className={styles.title}>
        사이트 첫 설정: {needed > 0 ? `${needed}개 남음` : "필요한 항목은 모두 채웠습니다"}
      </h2>
      <ul className={styles.items}>
        {status.missing.map((item) => (
          <li key={item.key} data-state={item.state}>
            <Link to={`${formPath}#${sectionOf[item.key]}`} className={styles.label}>
              {item.label}
            </Link>
            <span className={styles.state}>
              {stateText[item.state === "demo" ? "demo" : "unset"]}
              {item.optional && item.state === "unset" && " · 없으면 비워 두어도 됩니다"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
