import type { ReactNode } from "react";
import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import {
  FacebookIcon,
  GithubIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  YoutubeIcon,
} from "#app/components/icons/icons.tsx";
import { seoulYearMonth } from "#shared/dates.ts";
import styles from "./Footer.module.css";

export interface FooterLeader {
  name: string;
  phoneNumber: string;
}

interface FooterProps {
  /** The club as its site settings describe it. */
  club: {
    clubName: string;
    subtitle: string;
    foundedYear: number | null;
    address: string;
    email: string;
    social: { instagram: string; facebook: string; github: string; youtube: string };
  };
  /** Index 0 is the president, 1 and 2 the vice-presidents. */
  leaders: FooterLeader[];
}

const socialLinks = [
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "github", label: "GitHub", Icon: GithubIcon },
  { key: "youtube", label: "YouTube", Icon: YoutubeIcon },
] as const;

export function leaderRole(index: number): string {
  return index === 0 ? "회장" : "부회장";
}

export function Footer({ club, leaders }: FooterProps) {
  const { clubName, subtitle, foundedYear, address, email, social } = club;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.identity}>
          <p className={styles.name}>
            <PromptMark className={styles.prompt} />
            {clubName}
          </p>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {foundedYear !== null && <p className={styles.since}>since {foundedYear}</p>}
        </div>

        {(address || email) && (
          <div>
            <h2 className={styles.heading}>Contact</h2>
            <ul className={styles.list}>
              {address && (
                <FooterLine icon={<MapPinIcon size={16} />}>
                  <address className={styles.address}>{address}</address>
                </FooterLine>
              )}
              {email && (
                <FooterLine icon={<MailIcon size={16} />}>
                  <a href={`mailto:${email}`} className={styles.link}>
                    {email}
                  </a>
                </FooterLine>
              )}
            </ul>
          </div>
        )}

        {leaders.length > 0 && (
          <div>
            <h2 className={styles.heading}>운영진</h2>
            <ul className={styles.list}>
              {leaders.map((leader, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the leader's role
                <li key={index} className={styles.leader}>
                  <span className={styles.role}>{leaderRole(index)}</span>
                  <span>{leader.name}</span>
                  <a href={`tel:${leader.phoneNumber.replaceAll("-", "")}`} className={styles.link}>
                    {leader.phoneNumber}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}

        {Object.values(social).some(Boolean) && (
          <div>
            <h2 className={styles.heading}>Follow</h2>
            <ul className={styles.social}>
              {socialLinks
                .filter(({ key }) => social[key])
                .map(({ key, label, Icon }) => (
                  <li key={key}>
                    <a
                      href={social[key]}
                      className={styles.socialLink}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${clubName} ${label} (새 창)`}
                    >
                      <Icon size={20} />
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        )}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {seoulYearMonth(new Date()).year} {clubName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className={styles.line}>
      <span className={styles.icon}>{icon}</span>
      {children}
    </li>
  );
}
