import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { FileField } from "#app/components/admin/FileField.tsx";
import { FormField, RowFields, TextArea, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { FormSection, SaveBar } from "#app/components/admin/FormSection.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { compressImageFields } from "#app/lib/uploads/prepare-images.ts";
import type { ImageRef } from "#server/domain/files/files.ts";
import type { HomeContent } from "#server/domain/home/home.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import styles from "./SettingsForms.module.css";

/** The pictures' file fields, one per slot: compressed in the browser before they are sent. */
const compressPictures = compressImageFields([
  "heroImages.0.file",
  "heroImages.1.file",
  "heroImages.2.file",
  "heroImages.3.file",
  "events.0.file",
  "events.1.file",
  "events.2.file",
  "video.posterFile",
]);

export interface HomeImages {
  heroImages: (ImageRef | undefined)[];
  eventImages: (ImageRef | undefined)[];
  poster: ImageRef | undefined;
}

/**
 * The home page's texts and pictures in one form. Its lists have fixed slots (four hero
 * pictures, three slogans, three event cards, four "wanted" lines): each slot's fields repeat
 * under the list's name, in order, and the server's errors name the slot ("slogans.2.title").
 * A picture is replaced only when a file is chosen for its slot; a slot left empty is not shown
 * on the home page.
 */
export function HomeContentForm({
  home,
  images,
  version,
  rules,
}: {
  home: HomeContent;
  images: HomeImages;
  version: number;
  rules: FieldRules;
}) {
  return (
    <AdminForm
      savesDocumentAt={version}
      contentType="home"
      rules={rules}
      label="홈 화면"
      childrenShowProgress
      prepare={compressPictures}
    >
      {({ fieldErrors, busy, progress }) => (
        <>
          <FormSection
            id="home-hero"
            title="첫 화면 사진"
            description={
              <p>
                홈 화면 맨 위에서 6초마다 바뀌는 네 장입니다. 사진마다 무엇이 보이는지 설명을 적어 주세요(화면 낭독기가
                읽습니다).
              </p>
            }
          >
            <div className={styles.imageGrid}>
              {home.heroImages.map((hero, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: four fixed slots; the place is the identity
                <div key={index} className={styles.imageCard}>
                  <FileField
                    name={`heroImages.${index}.file`}
                    label={`${index + 1}번째 사진`}
                    kind="image"
                    error={fieldErrors[`heroImages.${index}.file`]}
                    current={storedImage(images.heroImages[index], hero.alt)}
                  />
                  <RowFields index={index}>
                    <TextField label="사진 설명" name="heroImages.alt" defaultValue={hero.alt} />
                  </RowFields>
                </div>
              ))}
            </div>
          </FormSection>

          <FormSection id="home-about" title="소개와 영상">
            <FormField label="소개 글" name="intro">
              {(field) => <TextArea {...field} defaultValue={home.intro} rows={5} />}
            </FormField>
            <div className={styles.grid}>
              <FormField
                label="YouTube 영상"
                name="video.youtubeId"
                // Needed, though its rule is a pattern alone; and that pattern is the id's, while
                // a whole address is taken too (the server reads the id out of it).
                required
                hint="영상 주소를 붙여 넣거나 영상 ID만 적습니다."
              >
                {(field) => (
                  <TextInput
                    {...field}
                    pattern={undefined}
                    defaultValue={home.video.youtubeId}
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              </FormField>
              <TextField label="영상 제목" name="video.title" defaultValue={home.video.title} />
            </div>
            <FileField
              name="video.posterFile"
              label="영상 표지"
              kind="image"
              hint="영상을 재생하기 전에 보이는 그림입니다."
              error={fieldErrors["video.posterFile"]}
              current={storedImage(images.poster, `${home.video.title} 표지`)}
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
                <fieldset key={index} className={styles.group}>
                  <legend className={styles.legend}>{index + 1}번째 슬로건</legend>
                  <RowFields index={index}>
                    <TextField label="슬로건" name="slogans.title" defaultValue={slogan.title} />
                    <FormField label="설명" name="slogans.description">
                      {(field) => <TextArea {...field} defaultValue={slogan.description} rows={3} />}
                    </FormField>
                  </RowFields>
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
                // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots; the place is the identity
                <fieldset key={index} className={styles.group}>
                  <legend className={styles.legend}>{index + 1}번째 행사</legend>
                  <RowFields index={index}>
                    <TextField label="행사 이름" name="events.title" defaultValue={event.title} />
                    <TextField label="기간" name="events.duration" hint="예: 1박 2일" defaultValue={event.duration} />
                    <FormField label="소개" name="events.summary">
                      {(field) => <TextArea {...field} defaultValue={event.summary} rows={4} />}
                    </FormField>
                  </RowFields>
                  <FileField
                    name={`events.${index}.file`}
                    label="사진"
                    kind="image"
                    error={fieldErrors[`events.${index}.file`]}
                    current={storedImage(images.eventImages[index], `${event.title} 사진`)}
                  />
                </fieldset>
              ))}
            </div>
          </FormSection>

          <FormSection id="home-recruiting" title="모집 안내">
            <FormField label="모집 안내 글" name="recruiting.intro">
              {(field) => <TextArea {...field} defaultValue={home.recruiting.intro} rows={3} />}
            </FormField>
            <fieldset className={styles.group}>
              <legend className={styles.legend}>이런 분을 찾습니다</legend>
              <div className={styles.grid}>
                {home.recruiting.wanted.map((wanted, index) => (
                  <TextField
                    // biome-ignore lint/suspicious/noArrayIndexKey: four fixed slots; the place is the identity
                    key={index}
                    label={`${index + 1}번째`}
                    name="recruiting.wanted"
                    error={fieldErrors[`recruiting.wanted.${index}`]}
                    defaultValue={wanted}
                  />
                ))}
              </div>
            </fieldset>
            <div className={styles.narrow}>
              <FormField
                label="학기당 세션·스터디 수"
                name="recruiting.sessionsPerSemester"
                // A number the schema needs; its rules are a range, which says nothing of "(필수)".
                required
                hint="‘한 학기 약 20개의 세션과 스터디’처럼 보입니다."
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

          <SaveBar busy={busy} progress={progress} note="홈 화면의 글과 바꾼 사진을 한 번에 저장합니다." />
        </>
      )}
    </AdminForm>
  );
}

/** A stored picture as its file field shows it, until another is chosen. */
function storedImage(image: ImageRef | undefined, alt: string) {
  return image ? <ResponsiveImage image={image} alt={alt} sizes="160px" /> : undefined;
}
