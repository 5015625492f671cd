import { saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { saveHomeContent } from "#server/domain/home/home.ts";
import { saveRules } from "#server/domain/rules/rules.ts";
import { newId } from "#server/storage/storage.ts";
import * as demo from "./demo-content.ts";
import { makeDemoPdf } from "./pdf.ts";
import { addDays, formatRange, nextRecruitingWindow, SeedSection } from "./section.ts";

/** The demo's single documents: the home page, the admission information and the rules. */
export class DocumentSeeder extends SeedSection {
  async home() {
    const heroImages = [];
    for (const [index, image] of demo.heroImages.entries()) {
      const stored = await this.image("home/hero", image, `hero-${index}`, {
        width: 1920,
        height: 1080,
      });
      heroImages.push({ fileId: stored.id, alt: image.alt });
    }
    const poster = await this.image("home/video", { style: "waves", palette: 0, alt: "" }, "video-poster", {
      width: 1280,
      height: 720,
    });
    const events = [];
    for (const [index, event] of demo.homeText.events.entries()) {
      const stored = await this.image("home/events", event.image, `event-${index}`, {
        width: 1200,
        height: 800,
      });
      events.push({
        title: event.title,
        summary: event.summary,
        duration: event.duration,
        imageFileId: stored.id,
      });
    }
    await saveHomeContent(
      this.trx,
      {
        heroImages,
        intro: demo.homeText.intro,
        video: { ...demo.homeText.video, posterFileId: poster.id },
        slogans: demo.homeText.slogans,
        events,
        recruiting: demo.homeText.recruiting,
      },
      undefined,
    );
  }

  async admission() {
    const image = await this.image("admission", demo.admission.image, "admission", {
      width: 1600,
      height: 900,
    });
    const { first, second } = nextRecruitingWindow(this.now);
    await saveAdmissionInfo(
      this.trx,
      {
        meta: {
          isRecruiting: true,
          imageFileId: image.id,
          title: demo.admission.title,
          description: demo.admission.description,
          applyUrl: "https://forms.kernel.saesol.example/apply",
        },
        schedules: [
          {
            id: newId(),
            title: "서류 접수",
            date: formatRange(first, addDays(first, 18)),
            description: "온라인 지원서 제출",
          },
          {
            id: newId(),
            title: "면담",
            date: formatRange(addDays(first, 20), addDays(first, 22)),
            description: "운영진과 15분 면담 (학생회관 307호)",
          },
          {
            id: newId(),
            title: "합격 발표",
            date: formatRange(addDays(first, 24)),
            description: "개별 문자와 이메일로 알려 드립니다.",
          },
          {
            id: newId(),
            title: "개강 총회",
            date: formatRange(second),
            description: "첫 모임과 학기 활동 소개",
          },
        ],
        faqs: demo.admission.faqs.map((faq) => ({ id: newId(), ...faq })),
      },
      undefined,
    );
  }

  async rules(clubName: string) {
    const paragraphs = demo.rulesText.chapters.flatMap((chapter) => [chapter.title, ...chapter.articles]);
    const rulesPdf = await makeDemoPdf({ title: `${clubName} 회칙`, paragraphs });
    const feePdf = await makeDemoPdf({
      title: `${clubName} 회비 운영 세칙`,
      paragraphs: demo.rulesText.feeRules,
    });
    const rules = await this.files.store({
      folder: "rules",
      extension: "pdf",
      contentType: "application/pdf",
      body: rulesPdf,
      originalName: `${clubName} 회칙.pdf`,
    });
    const fees = await this.files.store({
      folder: "rules",
      extension: "pdf",
      contentType: "application/pdf",
      body: feePdf,
      originalName: `${clubName} 회비 운영 세칙.pdf`,
    });
    const contents = demo.rulesText.chapters
      .map(
        (chapter) => `<h2>${chapter.title}</h2>\n${chapter.articles.map((article) => `<p>${article}</p>`).join("\n")}`,
      )
      .join("\n");
    await saveRules(
      this.trx,
      {
        contents,
        attachments: [
          { fileId: rules.id, fileName: `${clubName}-rules.pdf`, title: `${clubName} 회칙 (PDF)` },
          { fileId: fees.id, fileName: `${clubName}-fee-rules.pdf`, title: "회비 운영 세칙 (PDF)" },
        ],
      },
      undefined,
    );
  }
}
