import { type ArticleStatus, articleStatusLabels } from "#shared/article-status.ts";
import { Badge } from "../DataTable.tsx";

const tones = { published: "success", scheduled: "warning", draft: "neutral" } as const;

/** An article's status as the admin screens show it: its label on the status's colour. */
export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  return <Badge tone={tones[status]}>{articleStatusLabels[status]}</Badge>;
}
