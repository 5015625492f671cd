import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import styles from "#app/components/about/Contact.module.css";
import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import {
  ExternalIcon,
  FacebookIcon,
  GithubIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  YoutubeIcon,
} from "#app/components/icons/icons.tsx";
import { leaderRole } from "#app/components/layout/Footer.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import columns from "#app/components/section/Columns.module.css";
import surface from "#app/components/section/Surface.module.css";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { useSiteSettings } from "#app/lib/use-site-settings.ts";
import type { loader as layoutLoader } from "#app/routes/public/layout.tsx";
import type { Route } from "./+types/contact";

const BANNER_DETAIL = "궁금한 점이 있다면 언제든 연락 주세요. 동아리방 문도 열려 있습니다.";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Contact",
    description: "동아리방 주소와 이메일, 운영진 연락처, 소셜 미디어 계정을 안내합니다.",
  }),
  ...pageBreadcrumbJsonLd(args),
];

const socialNetworks = [
  { key: "instagram", label: "Instagram", detail: "활동 사진과 모집 공지", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", detail: "행사 소식과 공지", Icon: FacebookIcon },
  { key: "github", label: "GitHub", detail: "부원들이 만든 코드", Icon: GithubIcon },
  { key: "youtube", label: "YouTube", detail: "세션 녹화와 행사 영상", Icon: YoutubeIcon },
] as const;

/** "https://www.instagram.com/kernel.saesol/" → "instagram.com/kernel.saesol" */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, "")}${parsed.pathname.replace(/\/+$/, "")}`;
  } catch {
    return url;
  }
}

export default function Contact() {
  const settings = useSiteSettings();
  const layout = useRouteLoaderData<typeof layoutLoader>("public");
  const leaders = layout?.leaders ?? [];
  const networks = socialNetworks.filter(({ key }) => settings.social[key]);
  const partners = [settings.partners.activitySystem, settings.partners.learningSite].filter((partner) => partner.url);
  const nothingYet = !settings.address && !settings.email && leaders.length + networks.length + partners.length === 0;

  return (
    <>
      <PageBanner eyebrow="About Us" title="Contact" detail={BANNER_DETAIL} />
      <div className={`container ${styles.page}`}>
        {nothingYet && <p className={styles.empty}>연락처가 아직 올라오지 않았습니다. 곧 이곳에 안내하겠습니다.</p>}
        <div className={`${columns.columns} ${styles.primary}`}>
          {settings.address && (
            <ContactCard icon={<MapPinIcon size={22} />} label="동아리방" headingId="contact-address">
              <address className={styles.address}>{settings.address}</address>
            </ContactCard>
          )}
          {settings.email && (
            <ContactCard icon={<MailIcon size={22} />} label="이메일" headingId="contact-email">
              <a className={styles.bigLink} href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
              <p className={styles.hint}>가입, 협업, 후원 문의 모두 환영합니다.</p>
            </ContactCard>
          )}
          {leaders.length > 0 && (
            <ContactCard icon={<PhoneIcon size={22} />} label="운영진" headingId="contact-leaders">
              <ul className={styles.leaders}>
                {leaders.map((leader, index) => (
                  <li key={leader.phoneNumber}>
                    <span className={styles.leaderRole}>{leaderRole(index)}</span>
                    <span className={styles.leaderName}>{leader.name}</span>
                    <a href={`tel:${leader.phoneNumber.replaceAll("-", "")}`}>{leader.phoneNumber}</a>
                  </li>
                ))}
              </ul>
            </ContactCard>
          )}
        </div>

        <LinkList
          id="contact-social"
          title="소셜 미디어"
          links={networks.map(({ key, label, detail, Icon }) => ({
            href: settings.social[key],
            label,
            detail,
            icon: <Icon size={24} />,
          }))}
        />
        <LinkList
          id="contact-partners"
          title="함께 쓰는 사이트"
          links={partners.map((partner) => ({
            href: partner.url,
            label: partner.label,
            icon: <PromptMark className={styles.prompt} />,
          }))}
        />
      </div>
    </>
  );
}

function ContactCard({
  icon,
  label,
  headingId,
  children,
}: {
  icon: ReactNode;
  label: string;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <section className={`${surface.card} ${styles.card}`} aria-labelledby={headingId}>
      <span className={styles.cardIcon}>{icon}</span>
      <h2 id={headingId} className={styles.cardLabel}>
        {label}
      </h2>
      {children}
    </section>
  );
}

interface ExternalLink {
  href: string;
  label: string;
  detail?: string;
  icon: ReactNode;
}

/** Links to the club's pages on other sites, each a card that opens in a new tab. */
function LinkList({ id, title, links }: { id: string; title: string; links: ExternalLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.block}>
      <h2 id={id} className={styles.blockTitle}>
        {title}
      </h2>
      <ul className={`${columns.columns} ${styles.links}`}>
        {links.map((link) => (
          <li key={link.href}>
            <a
              className={`${surface.card} ${styles.linkCard}`}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span className={styles.linkIcon}>{link.icon}</span>
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>
                  {link.label}
                  <span className="visually-hidden"> (새 창)</span>
                </span>
                {link.detail && <span className={styles.linkDetail}>{link.detail}</span>}
                <span className={styles.linkUrl}>{displayUrl(link.href)}</span>
              </span>
              <ExternalIcon size={16} className={styles.linkArrow} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
