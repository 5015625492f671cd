import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { AdminBrand } from "#app/components/admin/AdminBrand.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import styles from "./SignInCard.module.css";

/** The card every step of signing in stands in: the club's mark, a title and a line of help. */
export function SignInCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>
          <AdminBrand clubName={root?.settings.clubName ?? ""} />
        </p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </div>
    </main>
  );
}
