import { useRouteLoaderData } from "react-router";
import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import { AboutSection } from "#app/components/home/AboutSection.tsx";
import { ActivitiesSection } from "#app/components/home/ActivitiesSection.tsx";
import { HeroCarousel } from "#app/components/home/HeroCarousel.tsx";
import styles from "#app/components/home/HomePage.module.css";
import { RecruitingSection } from "#app/components/home/RecruitingSection.tsx";
import { SloganStrip } from "#app/components/home/SloganStrip.tsx";
import type { IslandsHandle } from "#app/lib/islands.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { organizationJsonLd } from "#app/lib/structured-data.ts";
import { useSiteSettings } from "#app/lib/use-site-settings.ts";
import { getHomePage } from "#server/domain/home/home.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  return { home: await getHomePage(db, storage) };
}

/** The carousel with the page's stop switch, and the video that loads only when asked for. */
export const handle: IslandsHandle = { islands: ["hero", "video"] };

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { picture: args.loaderData?.home.heroImages[0] }),
  ...organizationJsonLd(args.matches),
];

export default function Home({ loaderData: { home } }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const layout = useRouteLoaderData<typeof layoutLoader>("public");

  return (
    <>
      <HeroCarousel slides={home.heroImages} label={`${settings.clubName} 사진`}>
        {settings.foundedYear !== null && (
          <p className={styles.heroEyebrow}>
            <PromptMark className={styles.heroPrompt} />
            since {settings.foundedYear}
          </p>
        )}
        <h1 className={styles.heroTitle}>
          {settings.clubName}
          <span className={styles.cursor} aria-hidden="true" />
        </h1>
        {settings.subtitle && <p className={styles.heroSubtitle}>{settings.subtitle}</p>}
      </HeroCarousel>
      {home.slogans.length > 0 && <SloganStrip slogans={home.slogans.map((slogan) => slogan.title)} />}
      {(home.intro || home.video || home.slogans.length > 0) && (
        <AboutSection home={home} clubName={settings.clubName} />
      )}
      {home.events.length > 0 && <ActivitiesSection events={home.events} />}
      <RecruitingSection
        recruiting={home.recruiting}
        isRecruiting={layout?.isRecruiting ?? false}
        foundedYear={settings.foundedYear}
      />
    </>
  );
}
