import { useRouteLoaderData } from "react-router";
import { pageMeta } from "../../lib/meta.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  return (
    <section className="container">
      <h1>{root.settings.clubName}</h1>
      <p>{root.settings.subtitle}</p>
    </section>
  );
}
