import type { ReactNode } from "react";
import { runWrite } from "../../../server/domain/admin/run-write.ts";
import type { ImageRef } from "../../../server/domain/files/files.ts";
import { findImageRefs } from "../../../server/domain/files/files.ts";
import { getHomeContent } from "../../../server/domain/home/home.ts";
import {
  siteSettingsWrite,
  writeSiteSettings,
} from "../../../server/domain/site-settings/manage.ts";
import { getSiteSettings } from "../../../server/domain/site-settings/site-settings.ts";
import { requireAdministrator } from "../../../server/http/admin-auth.ts";
import { actionResponse } from "../../../server/http/write-response.ts";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { FileField } from "../../components/admin/FileField.tsx";
import { FormField, TextArea, TextInput } from "../../components/admin/FormField.tsx";
import { FormSection, SaveBar } from "../../components/admin/FormSection.tsx";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import { getServices } from "../../context.ts";
import { pageMeta } from "../../lib/meta.ts";
import { compressImageFields } from "../../lib/uploads/prepare-images.ts";
import type { Route } from "./+types/manage-settings";
import styles from "./manage-settings.module.css";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "사이트 설정", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [settings, home] = await Promise.all([getSiteSettings(db), getHomeContent(db)]);
  const images = await findImageRefs(db, storage, [
    ...home.value.heroImages.map((hero) => hero.fileId),
    ...home.value.events.map((event) => event.imageFileId),
    home.value.video.posterFileId,
  ]);
  return {
    settings: settings.value,
    settingsVersion: settings.version,
    home: home.value,
    homeVersion: home.version,
    heroImages: home.value.heroImages.map((hero) => images.get(hero.fileId)),
    eventImages: home.value.events.map((event) => images.get(event.imageFileId)),
    poster: images.get(home.value.video.posterFileId),
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const form = await args.request.formData();
  const result = await runWrite(
    getServices(args.context),
    session.administrator.email,
    siteSettingsWrite,
    (trx) => writeSiteSettings(trx, form),
  );
  return actionResponse(result);
}

const socialLinks = [
  { key: "instagram", label: "Instagram" },
  { key: "facebook", label: "Facebook" },
  { key: "github", label: "GitHub" },
  { key: "youtube", label: "YouTube" },
] as const;

const partnerLinks = [
  { key: "activitySystem", title: "활동 관리 시스템" },
  { key: "learningSite", title: "학습 관리 사이트" },
] as const;

const homeImageFields = [
  "heroImages.0.file",
  "heroImages.1.file",
  "heroImages.2.file",
  "heroImages.3.file",
  "events.0.file",
  "events.1.file",
  "events.2.file",
  "video.posterFile",
];

export default function ManageSettings({ loaderData }: Route.ComponentProps) {
  const { settings, settingsVersion, home, homeVersion } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="사이트 설정"
        description={
          <>
            <p>
              동아리 이름과 연락처, 소셜 링크, 그리고 홈 화면의 글과 사진을 관리합니다. 저장하면
              사이트의 머리글과 바닥글, 페이지 제목, 링크 미리보기에 다음 방문부터 반영됩니다.
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
      <AdminForm action="/admin/manage-settings" label="사이트 정보" resetKey={settingsVersion}>
        {({ fieldErrors, busy }) => {
          const text = (
            name: string,
            label: string,
            value: string,
            options: {
              required?: boolean;
              hint?: ReactNode;
              type?: "text" | "url" | "email";
              maxLength?: number;
            } = {},
          ) => (
            <FormField
              label={label}
              name={name}
              required={options.required}
              hint={options.hint}
              error={fieldErrors[name]}
            >
              {(field) => (
                <TextInput
                  {...field}
                  type={options.type ?? "text"}
                  inputMode={
                    options.type === "url" ? "url" : options.type === "email" ? "email" : undefined
                  }
                  defaultValue={value}
                  maxLength={options.maxLength}
                  autoComplete="off"
                  spellCheck={options.type ? false : undefined}
                />
              )}
            </FormField>
          );
          return (
            <>
              <input type="hidden" name="version" value={settingsVersion} />
              <FormSection
                id="settings-club"
                title="동아리"
                description={<p>사이트 곳곳과 페이지 제목, 링크 미리보기에 쓰입니다.</p>}
              >
                <div className={styles.grid}>
                  {text("clubName", "동아리 이름", settings.clubName, {
                    required: true,
                    maxLength: 40,
                  })}
                  <FormField
                    label="창립 연도"
                    name="foundedYear"
                    required
                    error={fieldErrors.foundedYear}
                  >
                    {(field) => (
                      <TextInput
                        {...field}
                        inputMode="numeric"
                        defaultValue={String(settings.foundedYear)}
                        maxLength={4}
                        autoComplete="off"
                      />
                    )}
                  </FormField>
                  <div className={styles.wide}>
                    {text("subtitle", "한국어 부제", settings.subtitle, {
                      required: true,
                      maxLength: 80,
                      hint: "홈 화면의 동아리 이름 아래와 바닥글에 보입니다.",
                    })}
                  </div>
                  <div className={styles.wide}>
                    <FormField
                      label="소개 문장"
                      name="description"
                      required
                      hint="검색 결과와 링크 미리보기에 쓰는 한두 문장입니다."
                      error={fieldErrors.description}
                    >
                      {(field) => (
                        <TextArea
                          {...field}
                          className={styles.short}
                          defaultValue={settings.description}
                          maxLength={200}
                          rows={2}
                        />
                      )}
                    </FormField>
                  </div>
                </div>
              </FormSection>

              <FormSection id="settings-contact" title="연락처와 주소">
                <div className={styles.grid}>
                  {text("email", "연락 이메일", settings.email, {
                    type: "email",
                    hint: "바닥글과 문의 페이지에 보입니다. 없으면 비워 두세요.",
                  })}
                  {text("siteUrl", "사이트 주소", settings.siteUrl, {
                    type: "url",
                    required: true,
                    hint: "이 사이트의 공개 주소. 링크 미리보기와 검색 엔진에 쓰입니다.",
                  })}
                  <div className={styles.wide}>
                    {text("address", "동아리방 주소", settings.address, { maxLength: 200 })}
                  </div>
                </div>
              </FormSection>

              <FormSection
                id="settings-social"
                title="소셜 링크"
                description={<p>바닥글에 아이콘으로 보입니다. 없는 곳은 비워 두세요.</p>}
              >
                <div className={styles.grid}>
                  {socialLinks.map((link) =>
                    text(`social.${link.key}`, link.label, settings.social[link.key], {
                      type: "url",
                    }),
                  )}
                </div>
              </FormSection>

              <FormSection
                id="settings-partners"
                title="다른 사이트"
                description={<p>사이트 메뉴의 Other sites에 보이는 두 사이트입니다.</p>}
              >
                {partnerLinks.map((partner) => (
                  <fieldset key={partner.key} className={styles.partner}>
                    <legend className={styles.legend}>{partner.title}</legend>
                    <div className={styles.grid}>
                      {text(
                        `partners.${partner.key}.label`,
                        "메뉴에 보일 이름",
                        settings.partners[partner.key].label,
                        { required: true, maxLength: 40 },
                      )}
                      {text(
                        `partners.${partner.key}.url`,
                        "주소",
                        settings.partners[partner.key].url,
                        {
                          type: "url",
                        },
                      )}
                    </div>
                  </fieldset>
                ))}
              </FormSection>

              <SaveBar
                busy={busy}
                progress={null}
                note="머리글, 바닥글, 페이지 제목에 다음 방문부터 반영됩니다."
              />
            </>
          );
        }}
      </AdminForm>

      <h2 id="home-content" className={styles.formTitle}>
        홈 화면
      </h2>
      <AdminForm
        action="/admin/api/home"
        upload
        label="홈 화면"
        resetKey={homeVersion}
        childrenShowProgress
        prepare={compressImageFields(homeImageFields)}
      >
        {({ fieldErrors, busy, progress }) => (
          <>
            <input type="hidden" name="version" value={homeVersion} />
            <FormSection
              id="home-hero"
              title="첫 화면 사진"
              description={
                <p>
                  홈 화면 맨 위에서 6초마다 바뀌는 네 장입니다. 사진마다 무엇이 보이는지 설명을 적어
                  주세요(화면 낭독기가 읽습니다).
                </p>
              }
            >
              <div className={styles.imageGrid}>
                {home.heroImages.map((hero, index) => (
                  <div key={hero.fileId} className={styles.imageCard}>
                    <FileField
                      name={`heroImages.${index}.file`}
                      label={`${index + 1}번째 사진`}
                      kind="image"
                      error={fieldErrors[`heroImages.${index}.file`]}
                      current={storedImage(loaderData.heroImages[index], hero.alt)}
                    />
                    <FormField
                      label="사진 설명"
                      name={`heroImages.${index}.alt`}
                      error={fieldErrors[`heroImages.${index}.alt`]}
                    >
                      {(field) => (
                        <TextInput
                          {...field}
                          defaultValue={hero.alt}
                          maxLength={200}
                          autoComplete="off"
                        />
                      )}
                    </FormField>
                  </div>
                ))}
              </div>
            </FormSection>

            <FormSection id="home-about" title="소개와 영상">
              <FormField label="소개 글" name="intro" required error={fieldErrors.intro}>
                {(field) => (
                  <TextArea {...field} defaultValue={home.intro} maxLength={2000} rows={5} />
                )}
              </FormField>
              <div className={styles.grid}>
                <FormField
                  label="YouTube 영상"
                  name="video.youtubeId"
                  required
                  hint="영상 주소를 붙여 넣거나 영상 ID만 적습니다."
                  error={fieldErrors["video.youtubeId"]}
                >
                  {(field) => (
                    <TextInput
                      {...field}
                      defaultValue={home.video.youtubeId}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                </FormField>
                <FormField
                  label="영상 제목"
                  name="video.title"
                  required
                  error={fieldErrors["video.title"]}
                >
                  {(field) => (
                    <TextInput
                      {...field}
                      defaultValue={home.video.title}
                      maxLength={120}
                      autoComplete="off"
                    />
                  )}
                </FormField>
              </div>
              <FileField
                name="video.posterFile"
                label="영상 표지"
                kind="image"
                hint="영상을 재생하기 전에 보이는 그림입니다."
                error={fieldErrors["video.posterFile"]}
                current={storedImage(loaderData.poster, `${home.video.title} 표지`)}
              />
            </FormSection>

            <FormSection
              id="home-slogans"
              title="슬로건"
              description={<p>흐르는 띠와 소개 카드에 보이는 세 단어와 설명입니다.</p>}
            >
              <div className={styles.cards}>
                {home.slogans.map((slogan, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots; the place is the identity
                  <fieldset key={index} className={styles.partner}>
                    <legend className={styles.legend}>{index + 1}번째 슬로건</legend>
                    <FormField
                      label="슬로건"
                      name={`slogans.${index}.title`}
                      required
                      error={fieldErrors[`slogans.${index}.title`]}
                    >
                      {(field) => (
                        <TextInput
                          {...field}
                          defaultValue={slogan.title}
                          maxLength={30}
                          autoComplete="off"
                        />
                      )}
                    </FormField>
                    <FormField
                      label="설명"
                      name={`slogans.${index}.description`}
                      required
                      error={fieldErrors[`slogans.${index}.description`]}
                    >
                      {(field) => (
                        <TextArea
                          {...field}
                          defaultValue={slogan.description}
                          maxLength={300}
                          rows={3}
                        />
                      )}
                    </FormField>
                  </fieldset>
                ))}
              </div>
            </FormSection>

            <FormSection
              id="home-events"
              title="활동 카드"
              description={<p>홈 화면의 Activities에 보이는 세 행사입니다.</p>}
            >
              <div className={styles.cards}>
                {home.events.map((event, index) => (
                  <fieldset key={event.imageFileId} className={styles.partner}>
                    <legend className={styles.legend}>{index + 1}번째 행사</legend>
                    <FormField
                      label="행사 이름"
                      name={`events.${index}.title`}
                      required
                      error={fieldErrors[`events.${index}.title`]}
                    >
                      {(field) => (
                        <TextInput
                          {...field}
                          defaultValue={event.title}
                          maxLength={60}
                          autoComplete="off"
                        />
                      )}
                    </FormField>
                    <FormField
                      label="기간"
                      name={`events.${index}.duration`}
                      hint="예: 1박 2일"
                      error={fieldErrors[`events.${index}.duration`]}
                    >
                      {(field) => (
                        <TextInput
                          {...field}
                          defaultValue={event.duration}
                          maxLength={30}
                          autoComplete="off"
                        />
                      )}
                    </FormField>
                    <FormField
                      label="소개"
                      name={`events.${index}.summary`}
                      required
                      error={fieldErrors[`events.${index}.summary`]}
                    >
                      {(field) => (
                        <TextArea
                          {...field}
                          defaultValue={event.summary}
                          maxLength={400}
                          rows={4}
                        />
                      )}
                    </FormField>
                    <FileField
                      name={`events.${index}.file`}
                      label="사진"
                      kind="image"
                      error={fieldErrors[`events.${index}.file`]}
                      current={storedImage(loaderData.eventImages[index], `${event.title} 사진`)}
                    />
                  </fieldset>
                ))}
              </div>
            </FormSection>

            <FormSection id="home-recruiting" title="모집 안내">
              <FormField
                label="모집 안내 글"
                name="recruiting.intro"
                required
                error={fieldErrors["recruiting.intro"]}
              >
                {(field) => (
                  <TextArea
                    {...field}
                    defaultValue={home.recruiting.intro}
                    maxLength={1000}
                    rows={3}
                  />
                )}
              </FormField>
              <fieldset className={styles.partner}>
                <legend className={styles.legend}>이런 분을 찾습니다</legend>
                <div className={styles.grid}>
                  {home.recruiting.wanted.map((wanted, index) => (
                    <FormField
                      // biome-ignore lint/suspicious/noArrayIndexKey: four fixed slots; the place is the identity
                      key={index}
                      label={`${index + 1}번째`}
                      name={`recruiting.wanted.${index}`}
                      required
                      error={fieldErrors[`recruiting.wanted.${index}`]}
                    >
                      {(field) => (
                        <TextInput
                          {...field}
                          defaultValue={wanted}
                          maxLength={200}
                          autoComplete="off"
                        />
                      )}
                    </FormField>
                  ))}
                </div>
              </fieldset>
              <div className={styles.narrow}>
                <FormField
                  label="학기당 세션·스터디 수"
                  name="recruiting.sessionsPerSemester"
                  required
                  hint="‘한 학기 약 20개의 세션과 스터디’처럼 보입니다."
                  error={fieldErrors["recruiting.sessionsPerSemester"]}
                >
                  {(field) => (
                    <TextInput
                      {...field}
                      inputMode="numeric"
                      defaultValue={String(home.recruiting.sessionsPerSemester)}
                      maxLength={3}
                      autoComplete="off"
                    />
                  )}
                </FormField>
              </div>
            </FormSection>

            <SaveBar
              busy={busy}
              progress={progress}
              note="홈 화면의 글과 바꾼 사진을 한 번에 저장합니다."
            />
          </>
        )}
      </AdminForm>
    </>
  );
}

/** A stored picture as its file field shows it, until another is chosen. */
function storedImage(image: ImageRef | undefined, alt: string) {
  return image ? <ResponsiveImage image={image} alt={alt} sizes="160px" /> : undefined;
}
