import { data } from "react-router";
import { NotFoundPage } from "#app/components/layout/StatusPages.tsx";

export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
