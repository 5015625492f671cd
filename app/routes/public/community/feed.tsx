import styles from "#app/components/community/Feed.module.css";
import { ExternalIcon } from "#app/components/icons/icons.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import columns from "#app/components/section/Columns.module.css";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { webLink } from "#app/lib/web-link.ts";
import { listFeedItems } from "#server/domain/feed/feed.ts";
import { getServices } from "#server/http/router-context.ts";
import { formatShortDate } from "#shared/dates.ts";
import type { Route } from "./+types/feed";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  return { items: await listFeedItems(db, storage) };
}

const DESCRIPTION = "동아리방과 행사장의 하루하루를 사진으로 남깁니다.";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "피드",
    description: DESCRIPTION,
    picture: args.loaderData?.items[0] && {
      image: args.loaderData.items[0].image,
      alt: args.loaderData.items[0].caption,
    },
  }),
  ...pageBreadcrumbJsonLd(args),
];

export default function Feed({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <>
      <PageBanner eyebrow="COMMUNITY" title="피드" detail={DESCRIPTION} />
      <div className={`container ${styles.page}`}>
        {items.length === 0 ? (
          <EmptyState title="아직 올라온 사진이 없습니다">새 사진이 올라오면 여기에서 볼 수 있습니다.</EmptyState>
        ) : (
          <ul className={`${columns.columns} ${styles.grid}`}>
            {items.map((item, index) => {
              const link = webLink(item.link);
              const content = (
                <>
                  <ResponsiveImage
                    image={item.image}
                    alt=""
                    sizes="(max-width: 599px) 50vw, (max-width: 1020px) 33vw, 340px"
                    priority={index === 0}
                    className={styles.image}
                  />
                  <span className={styles.caption}>{item.caption}</span>
                  <span className={styles.meta}>
                    <time dateTime={item.postedAt}>{formatShortDate(item.postedAt)}</time>
                    {link && (
                      <span className={styles.out}>
                        <ExternalIcon size={14} />
                        <span>{link.hostname.replace(/^www\./, "")}</span>
                        <span className="visually-hidden">(새 창)</span>
                      </span>
                    )}
                  </span>
                </>
              );
              return (
                <li key={item.id} className={styles.item}>
                  {link ? (
                    <a href={link.href} className={styles.tile} target="_blank" rel="noopener noreferrer">
                      {content}
                    </a>
                  ) : (
                    <div className={styles.tile}>{content}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
