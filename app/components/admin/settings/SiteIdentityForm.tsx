import type { ReactNode } from "react";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { FormField, TextArea, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { FormSection, SaveBar } from "#app/components/admin/FormSection.tsx";
import type { SiteSettings } from "#server/domain/site-settings/site-settings.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import styles from "./SettingsForms.module.css";

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

interface TextOptions {
  hint?: ReactNode;
  type?: "url" | "email";
}

/**
 * The club's identity: name, contact, social and partner-site links. Each field's name is its
 * path in the settings, so the server's errors land next to it. The one form for it: the
 * settings page and the setup page (/admin/setup) both show it. Every field may stay empty
 * (the dashboard lists what is).
 */
export function SiteIdentityForm({
  settings,
  version,
  rules,
  offeredSiteUrl,
  onSaved,
}: {
  settings: SiteSettings;
  version: number;
  rules: FieldRules;
  /** The public address to fill in while none is set (the setup page: the browser's own). */
  offeredSiteUrl?: string | undefined;
  onSaved?: () => void;
}) {
  return (
    <AdminForm
      savesDocumentAt={version}
      contentType="site-settings"
      rules={rules}
      label="사이트 정보"
      onSaved={onSaved}
    >
      {({ busy }) => {
        const text = (name: string, label: string, value: string, options: TextOptions = {}) => (
          <TextField key={name} label={label} name={name} defaultValue={value} {...options} />
        );
        return (
          <>
            <FormSection
              id="settings-club"
              title="동아리"
              description={<p>사이트 곳곳과 페이지 제목, 링크 미리보기에 쓰입니다.</p>}
            >
              <div className={styles.grid}>
                {text("clubName", "동아리 이름", settings.clubName)}
                <FormField label="창립 연도" name="foundedYear">
                  {(field) => (
                    <TextInput
                      {...field}
                      inputMode="numeric"
                      defaultValue={settings.foundedYear === null ? "" : String(settings.foundedYear)}
                      maxLength={4}
                      autoComplete="off"
                    />
                  )}
                </FormField>
                <div className={styles.wide}>
                  {text("subtitle", "한국어 부제", settings.subtitle, {
                    hint: "홈 화면의 동아리 이름 아래와 바닥글에 보입니다.",
                  })}
                </div>
                <div className={styles.wide}>
                  <FormField
                    label="소개 문장"
                    name="description"
                    hint="검색 결과와 링크 미리보기에 쓰는 한두 문장입니다."
                  >
                    {(field) => (
                      <TextArea {...field} className={styles.short} defaultValue={settings.description} rows={2} />
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
                {text("siteUrl", "사이트 주소", settings.siteUrl || offeredSiteUrl || "", {
                  type: "url",
                  hint: offeredSiteUrl
                    ? "지금 이 화면을 연 주소입니다. 방문자가 쓰는 주소(예: https://club.example.org)가 맞는지 확인해 주세요."
                    : "링크 미리보기, 사이트맵, RSS와 캘린더 구독에 쓰는 공개 주소. 비워 두면 서버의 SITE_URL, 그것도 없으면 방문자가 연 주소를 씁니다.",
                })}
                <div className={styles.wide}>{text("address", "동아리방 주소", settings.address)}</div>
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
                <fieldset key={partner.key} className={styles.group}>
                  <legend className={styles.legend}>{partner.title}</legend>
                  <div className={styles.grid}>
                    {text(`partners.${partner.key}.label`, "메뉴에 보일 이름", settings.partners[partner.key].label)}
                    {text(`partners.${partner.key}.url`, "주소", settings.partners[partner.key].url, {
                      type: "url",
                    })}
                  </div>
                </fieldset>
              ))}
            </FormSection>

            <SaveBar busy={busy} progress={null} note="머리글, 바닥글, 페이지 제목에 다음 방문부터 반영됩니다." />
          </>
        );
      }}
    </AdminForm>
  );
}
