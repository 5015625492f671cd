import { Link, useNavigate } from "react-router";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { SiteIdentityForm } from "#app/components/admin/settings/SiteIdentityForm.tsx";
import { SetupChecklist } from "#app/components/admin/setup/SetupChecklist.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { getSiteSetup, setupStatus, withoutDemoIdentity } from "#server/domain/site-settings/identity.ts";
import { configuredSiteUrl, offeredSiteUrl } from "#server/domain/site-settings/site-address.ts";
import { getSiteSettings, siteSettingsSchema } from "#server/domain/site-settings/site-settings.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/setup";
import styles from "./setup.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "사이트 첫 설정", noIndex: true });

/**
 * The first manager's setup of a site of its own (an empty start or an import): the club's
 * identity in the one identity form, its public address offered from the address this browser
 * used (read through TRUST_PROXY, as every request is). The dashboard leads here until it is
 * finished or put off.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [settings, setup] = await Promise.all([getSiteSettings(db), getSiteSetup(db)]);
  const own = withoutDemoIdentity(settings.value, setup);
  return {
    settings: own,
    version: settings.version,
    rules: fieldRules(siteSettingsSchema),
    status: setupStatus(settings.value, setup, config),
    offeredSiteUrl: configuredSiteUrl(own.siteUrl, config) ? undefined : offeredSiteUrl(config, request.url),
  };
}

export default function Setup({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        eyebrow="처음 설정"
        title="사이트 첫 설정"
        description={
          <p>
            동아리 이름과 연락처, 소셜 링크, 사이트의 공개 주소를 채워 주세요. 저장하면 모든 페이지의 머리글과 바닥글,
            페이지 제목과 링크 미리보기, RSS와 캘린더 구독, 사이트맵에 바로 반영됩니다. 한 번에 다 채우지 않아도 되고,
            나중에 사이트 설정에서 언제든 바꿀 수 있습니다.
          </p>
        }
      />

      {status.finished ? (
        <Notice tone="success" title="첫 설정을 마쳤습니다">
          <p>
            필요한 항목을 모두 채웠습니다. 아래에서 더 고칠 수 있고, 언제든{" "}
            <Link to="/admin/manage-settings">사이트 설정</Link>에서 바꿀 수 있습니다.{" "}
            <Link to="/admin">대시보드로 가기</Link>
          </p>
        </Notice>
      ) : (
        <SetupChecklist status={status} formPath="/admin/setup" />
      )}

      <SiteIdentityForm
        settings={loaderData.settings}
        version={loaderData.version}
        rules={loaderData.rules}
        offeredSiteUrl={loaderData.offeredSiteUrl}
      />

      {!status.finished && (
        <AdminForm
          contentType="site-settings"
          hidden={{ intent: "postpone" }}
          label="첫 설정 나중에 하기"
          reload={false}
          onSaved={() => navigate("/admin")}
          className={styles.later}
        >
          {({ busy }) => (
            <>
              <p>
                지금은 건너뛰고 대시보드로 갈 수 있습니다. 그 뒤로 로그인할 때 이 화면으로 오지 않고, 남은 항목은
                대시보드의 점검 목록에 남습니다.
              </p>
              <Button type="submit" variant="secondary" disabled={busy}>
                나중에 하기
              </Button>
            </>
          )}
        </AdminForm>
      )}
    </>
  );
}
