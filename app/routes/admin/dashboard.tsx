import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { AuditTable } from "#app/components/admin/AuditTable.tsx";
import { AccessEndings } from "#app/components/admin/dashboard/AccessEndings.tsx";
import { PageViewChart } from "#app/components/admin/dashboard/PageViewChart.tsx";
import { PendingArticles } from "#app/components/admin/dashboard/PendingArticles.tsx";
import { RecentChanges } from "#app/components/admin/dashboard/RecentChanges.tsx";
import { ScheduledBackup } from "#app/components/admin/dashboard/ScheduledBackup.tsx";
import { TopPages } from "#app/components/admin/dashboard/TopPages.tsx";
import filterBar from "#app/components/admin/FilterBar.module.css";
import { FilterSelect } from "#app/components/admin/FilterSelect.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { PublicPageLink } from "#app/components/admin/PublicPageLink.tsx";
import { RefusedSignInsTable } from "#app/components/admin/RefusedSignInsTable.tsx";
import { SetupChecklist } from "#app/components/admin/setup/SetupChecklist.tsx";
import { TitledSection } from "#app/components/admin/TitledSection.tsx";
import { WebVitalsTable } from "#app/components/admin/WebVitalsTable.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import columns from "#app/components/section/Columns.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import { listHref } from "#app/lib/admin/list-href.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { scheduledBackupStatus } from "#server/backup/schedule-status.ts";
import { accessEndingSoon } from "#server/domain/accounts/roles.ts";
import { getWebVitalStats } from "#server/domain/analytics/web-vitals.ts";
import { auditCategorySchema, auditTypeSchema, listAuditEntries } from "#server/domain/audit-log/audit-log.ts";
import { pendingArticlesOverview } from "#server/domain/dashboard/pending-articles.ts";
import { listRecentChanges, RECENT_CHANGE_DAYS } from "#server/domain/dashboard/recent-changes.ts";
import { listRefusedSignIns, REFUSED_SIGN_IN_DAYS } from "#server/domain/dashboard/refused-sign-ins.ts";
import { getSiteTraffic } from "#server/domain/dashboard/site-traffic.ts";
import { loadSetupStatus } from "#server/domain/site-settings/identity.ts";
import { contentOverview } from "#server/domain/write/admin-pages.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { auditCategories, auditTypes } from "#shared/audit-categories.ts";
import { addDays, formatDateTime, formatLongDate, seoulDate } from "#shared/dates.ts";
import { ACCESS_END_WARNING_DAYS } from "#shared/roles.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/dashboard";
import styles from "./dashboard.module.css";

const AUDIT_PAGE_SIZE = 20;
/** The log's filters above it, each named by its address parameter. */
const LOG_FILTERS = [
  { id: "log-category", name: "category", label: "분류", options: Object.entries(auditCategories) },
  { id: "log-type", name: "type", label: "결과", options: Object.entries(auditTypes) },
] as const;
/** Web vitals are summed over the last four weeks, today included, as Chrome's field data is. */
const WEB_VITAL_DAYS = 28;

/** The log's filters from the address; anything malformed falls back to "all" and page 1. */
const filtersSchema = z.object({
  category: auditCategorySchema.optional().catch(undefined),
  type: auditTypeSchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export async function loader(args: Route.LoaderArgs) {
  const { context, url } = args;
  const { role } = (await requireSignedIn(args)).account;
  const owner = role === "owner";
  const filters = filtersSchema.parse({
    category: url.searchParams.get("category") ?? undefined,
    type: url.searchParams.get("type") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const { db, config } = getServices(context);
  const setup = await loadSetupStatus(db, config);
  // A site of its own whose setup is neither finished nor put off: the first sign-in lands there.
  if (setup.offerSetup && owner) throw redirect("/admin/setup");
  const today = seoulDate(new Date());
  const [content, recentChanges, pending, traffic, log, webVitals, refusedSignIns, backup, endings] = await Promise.all(
    [
      contentOverview(db, role),
      listRecentChanges(db),
      pendingArticlesOverview(db),
      getSiteTraffic(db),
      listAuditEntries(db, { ...filters, pageSize: AUDIT_PAGE_SIZE }),
      getWebVitalStats(db, { from: addDays(today, 1 - WEB_VITAL_DAYS), to: today }),
      owner ? listRefusedSignIns(db) : undefined,
      owner ? scheduledBackupStatus(db, config) : undefined,
      owner ? accessEndingSoon(db, ACCESS_END_WARNING_DAYS) : [],
    ],
  );
  // What only owners can act on (setup, backups, accounts, others' sign-ins) is shown to them alone.
  return {
    owner,
    setup: setup.finished || !owner ? undefined : setup,
    scheduledBackup: backup,
    accessEndings: endings,
    overview: content.pages,
    files: content.files,
    accounts: content.accounts,
    recentChanges: { changes: recentChanges, days: RECENT_CHANGE_DAYS },
    pending,
    traffic,
    filters: { category: filters.category ?? "", type: filters.type ?? "" },
    log,
    webVitals,
    // The days go with the data: the page's browser code must not import the server module.
    refusedSignIns: refusedSignIns && { entries: refusedSignIns, days: REFUSED_SIGN_IN_DAYS },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "관리 대시보드", noIndex: true });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { overview, filters, log, webVitals, traffic } = loaderData;
  const navigation = useNavigation();
  const handedOn = answerHandedOn(useLocation().state);
  const filtered = filters.category !== "" || filters.type !== "";
  const hrefFor = (page: number) => `${listHref("/admin", filters, page)}#log`;

  return (
    <>
      <PageHeader
        eyebrow="개요"
        title="대시보드"
        description={<p>최근에 바뀐 것, 공개를 기다리는 글, 방문 현황과 관리 기록을 한눈에 봅니다.</p>}
        actions={
          <PublicPageLink href="/" className={styles.siteLink}>
            공개 사이트 열기
          </PublicPageLink>
        }
      />

      {handedOn && <WriteAnswer answer={handedOn} />}
      {loaderData.setup && <SetupChecklist status={loaderData.setup} formPath="/admin/setup" />}
      <AccessEndings endings={loaderData.accessEndings} days={ACCESS_END_WARNING_DAYS} />
      {loaderData.scheduledBackup && <ScheduledBackup status={loaderData.scheduledBackup} />}

      <div className={`${columns.wrapping} ${styles.columns}`}>
        <TitledSection title="최근 변경">
          <RecentChanges {...loaderData.recentChanges} />
        </TitledSection>
        <TitledSection title="공개 전 게시글">
          <PendingArticles pending={loaderData.pending} />
        </TitledSection>
      </div>

      <TitledSection className={styles.overview} title="콘텐츠 현황">
        <ul className={`${columns.wrapping} ${styles.cards}`}>
          {overview.map((item) => (
            <li key={item.path}>
              <Link to={item.path} className={styles.card}>
                <span className={styles.cardTitle}>{item.title}</span>
                {item.counts.length > 0 ? (
                  <span className={styles.cardCounts}>
                    {item.counts.map((count) => (
                      <span key={count.label}>
                        <span className={styles.number}>{count.value.toLocaleString("ko-KR")}</span> {count.label}
                      </span>
                    ))}
                  </span>
                ) : (
                  <span className={styles.cardUpdated}>
                    {item.updatedAt ? `마지막 저장 ${formatDateTime(item.updatedAt)}` : "아직 저장된 내용 없음"}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
        <p className={styles.totals}>
          업로드한 파일 <span className={styles.number}>{loaderData.files.toLocaleString("ko-KR")}</span>개
          {loaderData.owner && (
            <>
              {" "}
              · 관리자 계정 <span className={styles.number}>{loaderData.accounts}</span>개
            </>
          )}
        </p>
      </TitledSection>

      <TitledSection
        id="traffic"
        className={styles.traffic}
        title="방문 현황"
        intro={`공개 페이지가 조회된 횟수를 한국 시간 기준 날짜별로 셉니다. 같은 접속 주소에서 30분 안에 같은 페이지를 다시 열면 한 번으로 세고, 검색 엔진 로봇과 관리 화면은 세지 않습니다.`}
      >
        <PageViewChart traffic={traffic} />
      </TitledSection>

      <TitledSection
        id="top-pages"
        className={styles.topPages}
        title="많이 본 페이지"
        intro={`최근 ${traffic.days}일 동안 조회가 많았던 공개 페이지를 열 곳까지 보여 줍니다. 페이지 이름을 누르면 새 탭에서 열립니다.`}
      >
        <TopPages traffic={traffic} />
      </TitledSection>

      <TitledSection
        id="web-vitals"
        className={styles.vitals}
        title="방문자가 느낀 속도"
        intro={`${formatLongDate(webVitals.range.from)}부터 ${formatLongDate(webVitals.range.to)}까지 공개 페이지를 연 방문자의 브라우저가 잰 값입니다. 방문 네 번 중 세 번은 표의 값 이하였습니다(75번째 백분위수). 구글의 기준으로 좋음, 개선 필요, 나쁨을 함께 적습니다.`}
      >
        <WebVitalsTable stats={webVitals} />
      </TitledSection>

      {loaderData.refusedSignIns && <RefusedSignIns refusedSignIns={loaderData.refusedSignIns} />}

      <TitledSection
        id="log"
        className={styles.log}
        title="관리 기록"
        intro={`로그인, 비밀번호 변경과 모든 콘텐츠 저장·삭제가 시간순으로 남습니다. 실패한 작업은 빨간색으로 표시되고 원인이 함께 적힙니다.`}
      >
        <Form method="get" className={filterBar.filters} key={`${filters.category}-${filters.type}`} preventScrollReset>
          {LOG_FILTERS.map((filter) => (
            <FilterSelect key={filter.name} {...filter} defaultValue={filters[filter.name]} />
          ))}
          <Button type="submit" variant="secondary" size="sm" className={filterBar.apply}>
            적용
          </Button>
          {filtered && (
            <Link to="/admin#log" className={filterBar.reset} preventScrollReset>
              필터 해제
            </Link>
          )}
        </Form>
        <p className={styles.resultCount} aria-live="polite">
          {navigation.state === "loading"
            ? "불러오는 중…"
            : `${filtered ? "조건에 맞는 기록" : "전체 기록"} ${log.total.toLocaleString("ko-KR")}건`}
        </p>
        <AuditTable
          caption="관리 기록"
          entries={log.entries}
          emptyText={filtered ? "조건에 맞는 기록이 없습니다." : "아직 관리 기록이 없습니다."}
        />
        <Pagination page={log.page} pageCount={log.pageCount} hrefFor={hrefFor} label="관리 기록 페이지" />
      </TitledSection>
    </>
  );
}

/**
 * The answer of a write made on a page the manager was sent on from: handing ownership on leaves
 * the handover page, which is an owner's, for the dashboard.
 */
function answerHandedOn(state: unknown): WriteResult | null {
  if (typeof state !== "object" || state === null || !("answer" in state)) return null;
  const { answer } = state;
  if (typeof answer !== "object" || answer === null) return null;
  if (!("ok" in answer) || typeof answer.ok !== "boolean") return null;
  if (!("message" in answer) || typeof answer.message !== "string") return null;
  return answer as WriteResult;
}

/** Sign-ins refused lately: the owner's, who looks after the others' sign-in security. */
function RefusedSignIns({
  refusedSignIns,
}: {
  refusedSignIns: NonNullable<Route.ComponentProps["loaderData"]["refusedSignIns"]>;
}) {
  return (
    <TitledSection
      id="refused-sign-ins"
      className={styles.refused}
      title="최근 거부된 로그인"
      intro={`최근 ${refusedSignIns.days}일 동안 비밀번호나 인증 코드가 틀렸거나 시도 제한에 걸려 거부된 로그인을 최근 것부터 보여 줍니다. 모르는 주소에서 같은 계정으로 여러 번 시도했다면 그 계정의 비밀번호를 바꿔 주세요.`}
    >
      <RefusedSignInsTable {...refusedSignIns} />
      <p className={styles.more}>
        <Link to="/admin?category=account&type=failure#log" preventScrollReset>
          관리 기록에서 계정의 실패 기록 모두 보기
        </Link>
      </p>
    </TitledSection>
  );
}
