// Times the media list and the search on the configured database (after
// `npm run db:seed -- --articles 100000`, say): `npx node scripts/measure-lists.ts [--runs 30]`
// (npx runs the project's Node 24). Prints the fastest run, the median and the 90th percentile
// of each read.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";
import { listManagedArticles } from "#server/domain/articles/admin-list.ts";
import { countArticles, listArticles, listArticleTags } from "#server/domain/articles/articles.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";
import type { ArticleListQuery } from "#shared/article-list-query.ts";
import { timeRead } from "./lib/timing.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "30" } } });
const runs = Math.max(3, Number(values.runs) || 30);
const time = (label: string, read: () => Promise<unknown>) => timeRead(label, runs, read);

try {
  const services = await openServices(loadConfig(), createLogger("warn"));
  const { db, storage } = services;
  try {
    const total = await countArticles(db);
    const query = (overrides: Partial<ArticleListQuery>): ArticleListQuery => ({
      page: 1,
      limit: 9,
      search: "",
      tag: "",
      ...overrides,
    });
    const lastPage = Math.ceil(total / 9);
    console.log(`${services.engine}: ${total} articles, ${runs} runs each`);
    const list = (overrides: Partial<ArticleListQuery>) => () => listArticles(db, storage, query(overrides));
    await time("media list, first page", list({}));
    await time(`media list, middle page (${Math.ceil(lastPage / 2)})`, list({ page: Math.ceil(lastPage / 2) }));
    await time(`media list, last page (${lastPage})`, list({ page: lastPage }));
    await time("media list, tag 행사", list({ tag: "행사" }));
    await time("media list, tag 수상, page 100", list({ tag: "수상", page: 100 }));
    await time("tag chips and total", () => Promise.all([listArticleTags(db), countArticles(db)]));
    for (const search of ["행사", "후기", "모집", "해커톤", "스터디", "react", "리눅스 세미나", "봄", "없는검색어"]) {
      await time(`search ${search}`, list({ search }));
    }
    await time("search 후기, page 200", list({ search: "후기", page: 200 }));
    await time("search 스터디 + tag 스터디", list({ search: "스터디", tag: "스터디" }));
    await time("admin list, search 해커톤", () => listManagedArticles(db, query({ search: "해커톤", limit: 20 })));
  } finally {
    await services.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
