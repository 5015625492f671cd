import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { RevisionHistory } from "#app/components/admin/RevisionHistory.tsx";
import { HomeContentForm } from "#app/components/admin/settings/HomeContentForm.tsx";
import { SiteIdentityForm } from "#app/components/admin/settings/SiteIdentityForm.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { findImageRefs } from "#server/domain/files/files.ts";
import { getHomeContent, homeHistory as homeContentHistory, homeContentSchema } from "#server/domain/home/home.ts";
import { revisionPanel } from "#server/domain/revisions/revisions.ts";
import { loadOwnSiteSettings } from "#server/domain/site-settings/identity.ts";
import { siteSettingsHistory, siteSettingsSchema } from "#server/domain/site-settings/site-settings.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/manage-settings";
import styles from "./manage-settings.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "사이트 설정", noIndex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [settings, home, settingsHistory, homeHistory] = await Promise.all([
    loadOwnSiteSettings(db),
    getHomeContent(db),
    revisionPanel(db, siteSettingsHistory, "site_settings", url),
    revisionPanel(db, homeContentHistory, "home", url),
  ]);
  const images = await findImageRefs(
    db,
    storage,
    [
      ...home.value.heroImages.map((hero) => hero.fileId),
      ...home.value.events.map((event) => event.imageFileId),
      home.value.video.posterFileId,
    ].filter((id) => id !== null),
  );
  const imageOf = (fileId: string | null) => (fileId === null ? undefined : images.get(fileId));
  return {
    settings: settings.value,
    settingsVersion: settings.version,
    settingsRules: fieldRules(siteSettingsSchema),
    home: home.value,
    homeVersion: home.version,
    homeRules: fieldRules(homeContentSchema),
    homeImages: {
      heroImages: home.value.heroImages.map((hero) => imageOf(hero.fileId)),
      eventImages: home.value.events.map((event) => imageOf(event.imageFileId)),
      poster: imageOf(home.value.video.posterFileId),
    },
    settingsHistory,
    homeHistory,
  };
}

/** Two documents, each saved whole from its own form: the club's identity and the home page. */
export default function ManageSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="사이트 설정"
        description={
          <>
            <p>
              동아리 이름과 연락처, 소셜 링크, 그리고 홈 화면의 글과 사진을 관리합니다. 저장하면 사이트의 머리글과
              바닥글, 페이지 제목, 링크 미리보기에 다음 방문부터 반영됩니다.
            </p>
            <nav aria-label="이 페이지의 설정" className={styles.jump}>
              <a href="#site-identity">사이트 정보</a>
              <a href="#home-content">홈 화면</a>
            </nav>
          </>
        }
      />

      <h2 id="site-identity" className={styles.formTitle}>
        사이트 정보
      </h2>
      <SiteIdentityForm
        settings={loaderData.settings}
        version={loaderData.settingsVersion}
        rules={loaderData.settingsRules}
      />

      <h2 id="home-content" className={styles.formTitle}>
        홈 화면
      </h2>
      <HomeContentForm
        home={loaderData.home}
        images={loaderData.homeImages}
        version={loaderData.homeVersion}
        rules={loaderData.homeRules}
      />

      <RevisionHistory
        contentType="site-settings"
        what="사이트 정보"
        panel={loaderData.settingsHistory}
        version={loaderData.settingsVersion}
      />
      <RevisionHistory
        contentType="home"
        what="홈 화면"
        panel={loaderData.homeHistory}
        version={loaderData.homeVersion}
        restoreNote="그 뒤에 바꾼 사진이 있던 버전은 되돌릴 수 없습니다."
      />
    </>
  );
}
