import styles from "#app/components/about/Ci.module.css";
import { LogoMark } from "#app/components/brand/LogoMark.tsx";
import { DownloadIcon } from "#app/components/icons/icons.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import columns from "#app/components/section/Columns.module.css";
import { PageSection } from "#app/components/section/PageSection.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import surface from "#app/components/section/Surface.module.css";
import { sitePalette } from "#app/lib/brand-palette.server.ts";
import type { ContrastGrade } from "#app/lib/contrast.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { useSiteSettings } from "#app/lib/use-site-settings.ts";
import type { Route } from "./+types/ci";

export function loader() {
  return sitePalette();
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "CI",
    description: "로고와 색, 글꼴: 동아리의 얼굴을 소개하고 로고 파일을 나눠 드립니다.",
  }),
  ...pageBreadcrumbJsonLd(args),
];

const gradeLabels: Record<ContrastGrade, string> = {
  AAA: "AAA",
  AA: "AA",
  "AA-large": "큰 글자·그래픽",
  fail: "장식 전용",
};

/** The downloadable logo files, served by the resource routes under /brand. */
const logoFiles = [
  { href: "/brand/logo-mark.svg", label: "마크 SVG 내려받기", detail: "벡터 · 크기 제한 없음" },
  { href: "/brand/logo-mark.png", label: "마크 PNG 내려받기", detail: "1024 × 1024 px" },
];

function ratio(value: number): string {
  return `${value.toFixed(2)} : 1`;
}

export default function Ci({ loaderData: { swatches, contrast } }: Route.ComponentProps) {
  const { clubName, foundedYear } = useSiteSettings();
  return (
    <>
      <PageBanner
        eyebrow="About Us"
        title="CI"
        detail="로고와 색, 글꼴. 홍보물과 발표 자료, 굿즈를 만들 때 이 페이지를 기준으로 삼아 주세요."
      />

      <PageSection labelledBy="ci-logo">
        <SectionHeading id="ci-logo" eyebrow="Logo" title="로고">
          <p>
            마크는 명령을 기다리는 터미널의 프롬프트 <code>&gt;_</code>를 그린 것입니다. 무엇이든 입력할 수 있는 빈
            줄처럼, {foundedYear === null ? "" : `${foundedYear}년부터 `}새 부원이 들어올 때마다 새로운 이야기가
            시작됩니다. 마크 옆에 동아리 이름을 고정폭 글꼴의 굵은 글씨로 써서 워드마크를 이룹니다.
          </p>
        </SectionHeading>
        <div className={styles.logoGrid}>
          <figure className={`${styles.logoTile} ${styles.logoLight}`}>
            <div className={styles.lockup}>
              <LogoMark size={72} title={`${clubName} 마크`} decorative />
              <span className={styles.wordmark}>{clubName}</span>
            </div>
            <figcaption>밝은 배경</figcaption>
          </figure>
          <figure className={`${styles.logoTile} ${styles.logoDark}`}>
            <div className={styles.lockup}>
              <LogoMark size={72} title={`${clubName} 마크`} decorative />
              <span className={styles.wordmark}>{clubName}</span>
            </div>
            <figcaption>어두운 배경</figcaption>
          </figure>
          <figure className={`${styles.logoTile} ${styles.logoMarkTile}`}>
            <LogoMark size={140} title={`${clubName} 마크`} />
            <figcaption>마크 단독 (프로필 사진, 아이콘)</figcaption>
          </figure>
        </div>
        <div className={styles.downloads}>
          {logoFiles.map((file) => (
            <a
              key={file.href}
              className={styles.download}
              href={file.href}
              download={`${clubName}-${file.href.split("/").at(-1)}`}
            >
              <DownloadIcon size={20} />
              <span>
                {file.label}
                <span className={styles.downloadDetail}>{file.detail}</span>
              </span>
            </a>
          ))}
        </div>
        <ul className={styles.rules}>
          <li>마크 둘레에는 마크 너비의 4분의 1 이상 빈 공간을 둡니다.</li>
          <li>비율을 바꾸거나 기울이거나 그림자를 넣지 않습니다.</li>
          <li>마크의 색은 바꾸지 않습니다. 밝은 배경과 어두운 배경 모두 같은 마크를 씁니다.</li>
        </ul>
      </PageSection>

      <PageSection labelledBy="ci-colors" band>
        <SectionHeading id="ci-colors" eyebrow="Colors" title="색">
          <p>
            대표 색은 시그널 블루 하나, 작은 강조에는 커서 그린을 씁니다. 사이트는 밝은 테마와 어두운 테마를 모두
            지원하며, 어두운 테마에서는 같은 역할의 밝은 톤을 씁니다.
          </p>
        </SectionHeading>
        <ul className={`${columns.columns} ${styles.swatches}`}>
          {swatches.map((swatch) => (
            <li key={swatch.token} className={`${surface.card} ${styles.swatch}`}>
              <div className={styles.chips} aria-hidden="true">
                <span style={{ background: swatch.color.light }} />
                <span style={{ background: swatch.color.dark }} />
              </div>
              <div className={styles.swatchBody}>
                <h3 className={styles.swatchName}>{swatch.label}</h3>
                <p className={styles.swatchUsage}>{swatch.usage}</p>
                <dl className={styles.values}>
                  <div>
                    <dt>Light</dt>
                    <dd>{swatch.color.light}</dd>
                  </div>
                  <div>
                    <dt>Dark</dt>
                    <dd>{swatch.color.dark}</dd>
                  </div>
                </dl>
                <p className={styles.token}>--color-{swatch.token}</p>
              </div>
            </li>
          ))}
        </ul>

        <h3 className={styles.subheading}>명도 대비</h3>
        <p className={styles.subLead}>
          글자는 WCAG 2.2 AA 기준(4.5 : 1)을 넘깁니다. 커서 그린처럼 3 : 1 이상인 색은 큰 글자와 그래픽에만 씁니다.
        </p>
        <div className={`${surface.card} ${styles.tableWrap}`}>
          <table className={styles.table}>
            <caption className="visually-hidden">글자 색과 배경 색의 명도 대비</caption>
            <thead>
              <tr>
                <th scope="col">조합</th>
                <th scope="col">밝은 테마</th>
                <th scope="col">어두운 테마</th>
              </tr>
            </thead>
            <tbody>
              {contrast.map((pair) => (
                <tr key={pair.label}>
                  <th scope="row">{pair.label}</th>
                  {[pair.light, pair.dark].map((scheme, index) => (
                    <td key={index === 0 ? "light" : "dark"}>
                      <span className={styles.cell}>
                        <span
                          className={styles.sample}
                          style={{ color: scheme.colors[0], background: scheme.colors[1] }}
                          aria-hidden="true"
                        >
                          가A
                        </span>
                        <span className={styles.ratio}>{ratio(scheme.ratio)}</span>
                        <span className={styles.grade} data-grade={scheme.grade}>
                          {gradeLabels[scheme.grade]}
                        </span>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>

      <PageSection labelledBy="ci-type">
        <SectionHeading id="ci-type" eyebrow="Typography" title="글꼴">
          <p>
            사이트는 글꼴 파일을 내려받지 않고, 읽는 사람의 기기에 이미 있는 글꼴로 씁니다. 한글과 본문은 기기의 한글
            고딕, 라벨과 날짜, 슬로건과 코드는 기기의 고정폭 글꼴입니다. 글꼴을 기다리지 않으니 휴대폰에서도 페이지가
            곧바로 읽힙니다. 홍보물과 발표 자료에는 누구나 쓸 수 있는 Noto Sans KR을 권합니다.
          </p>
        </SectionHeading>
        <div className={`${columns.columns} ${styles.typeGrid}`}>
          <article className={`${surface.card} ${styles.typeCard}`} aria-labelledby="ci-type-sans">
            <p className={styles.typeRole}>본문 · 제목</p>
            <h3 id="ci-type-sans" className={styles.typeName}>
              기기의 한글 고딕
            </h3>
            <p className={styles.sansSample}>다람쥐 헌 쳇바퀴에 타고파</p>
            <p className={styles.typeFaces}>
              Apple SD Gothic Neo(애플 기기) · 맑은 고딕 Malgun Gothic(윈도) · Noto Sans KR, Noto Sans CJK
              KR(안드로이드, 리눅스)
            </p>
            <ul className={styles.weights}>
              <li data-weight="regular">Regular 400 · 함께 코드를 씁니다</li>
              <li data-weight="semibold">SemiBold 600 · 함께 코드를 씁니다</li>
              <li data-weight="black">ExtraBold 800 · 함께 코드를 씁니다</li>
            </ul>
          </article>
          <article className={`${surface.card} ${styles.typeCard} ${styles.monoCard}`} aria-labelledby="ci-type-mono">
            <p className={styles.typeRole}>라벨 · 날짜 · 코드</p>
            <h3 id="ci-type-mono" className={styles.typeName}>
              기기의 고정폭 글꼴
            </h3>
            <p className={styles.typeFaces}>
              SF Mono · Menlo(애플 기기) · Consolas(윈도) · Liberation Mono, DejaVu Sans Mono(리눅스)
            </p>
            <p className={styles.monoSample} lang="en">
              <span className={styles.monoPrompt}>&gt;_</span>{" "}
              {foundedYear === null ? "hello, world" : `since ${foundedYear}`}
            </p>
            <pre className={styles.code} lang="en">
              <code>{`const club = "${clubName}";
while (learning) {
  code(); communicate(); challenge();
}`}</code>
            </pre>
          </article>
        </div>
      </PageSection>
    </>
  );
}
