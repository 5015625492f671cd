import sharp from "sharp";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { type FileChanges, writeWithFiles } from "#server/domain/files/files.ts";
import { processImage } from "#server/domain/files/images.ts";
import { saveLeaders } from "#server/domain/leaders/leaders.ts";
import { recordSiteStart } from "#server/domain/site-settings/identity.ts";
import {
  demoSiteSettings,
  hasSiteSettings,
  type SiteSettings,
  saveSiteSettings,
} from "#server/domain/site-settings/site-settings.ts";
import { VersionConflictError } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import { newId } from "#server/storage/storage.ts";
import { addDays, parseSeoulWallClock, seoulDate, seoulMidnight } from "#shared/dates.ts";
import { withParticle } from "#shared/korean.ts";
import { renderArtwork } from "./artwork.ts";
import { insertSeedArticles } from "./bulk-articles.ts";
import * as demo from "./demo-content.ts";
import { DocumentSeeder } from "./documents.ts";
import { makeDemoPdf } from "./pdf.ts";
import { SeedSection } from "./section.ts";

export type SeedOutcome = "seeded" | "skipped";

/**
 * Fills an empty database with a fictional club so a fresh installation shows a living site.
 * Site settings exist in every database that was ever started, so their absence marks an empty
 * one; a database with content is never touched. Everything is written in one transaction, and
 * the generated files are removed again if it fails.
 */
export async function seedDemoContent(
  services: Pick<Services, "db" | "storage">,
  now: Date = new Date(),
  onStart?: () => void,
): Promise<SeedOutcome> {
  const { db, storage } = services;
  if (await hasSiteSettings(db)) return "skipped";
  onStart?.();
  try {
    await writeWithFiles(db, storage, async (trx, files) => {
      // Written first: a second instance seeding at the same moment stops here and rolls back.
      // No public address is stored: links follow SITE_URL or the visitor's own address.
      const settings = demoSiteSettings();
      await saveSiteSettings(trx, settings, undefined);
      await recordSiteStart(trx, { startedAsDemo: true });
      const documents = new DocumentSeeder(trx, files, now);
      const lists = new ListSeeder(trx, files, now);
      // Sections run side by side so image rendering uses every core; their queries share the
      // transaction's one connection in turn. Every section settles before the transaction ends.
      const sections = await Promise.allSettled([
        documents.home(),
        saveLeaders(trx, { leaders: demo.leaders }, undefined),
        documents.admission(),
        documents.rules(settings.clubName),
        lists.articles(),
        lists.periods(),
        lists.mainActivities(),
        lists.odaeho(settings.clubName),
        lists.calendar(),
        lists.feed(),
        lists.organization(),
      ]);
      const failed = sections.find((section) => section.status === "rejected");
      if (failed) throw failed.reason;
      // A running server (another process seeding into its database) shows the new content.
      await bumpContentRevision(trx, now);
    });
  } catch (error) {
    if (error instanceof VersionConflictError) return "skipped";
    throw error;
  }
  return "seeded";
}

/**
 * The parts of the site that only the site itself holds: the club's identity (the settings
 * given) and the home page, as the demo has it. Content brought over from elsewhere (the
 * import) starts from these, and managers change them at /admin/manage-settings.
 */
export async function seedSiteFrame(trx: Db, files: FileChanges, settings: SiteSettings, now: Date = new Date()) {
  await saveSiteSettings(trx, settings, undefined);
  await new DocumentSeeder(trx, files, now).home();
}

/** The demo's lists: articles, courses, activities, odaeho issues, calendar, feed, organization. */
class ListSeeder extends SeedSection {
  async articles() {
    for (const [index, article] of demo.articles.entries()) {
      const id = newId();
      const publishedAt = this.daysAgo(article.daysAgo);
      await insertSeedArticles(this.trx, [{ id, publishedAt, ...article }], this.stamp);
      for (const [position, image] of article.images.entries()) {
        const stored = await this.image(`media/${id}`, image, `article-${index}-${position}`, {
          width: 1200,
          height: 800,
        });
        await this.trx
          .insertInto("article_images")
          .values({ article_id: id, position, file_id: stored.id, alt: image.alt })
          .execute();
      }
    }
  }

  async periods() {
    for (const [position, period] of demo.periods.entries()) {
      const periodId = newId();
      await this.trx
        .insertInto("periods")
        .values({ id: periodId, name: period.name, position, ...this.timestamps() })
        .execute();
      const groups = [
        ["project", period.projects],
        ["session", period.sessions],
        ["study", period.studies],
      ] as const;
      for (const [kind, entries] of groups) {
        for (const [entryPosition, entry] of entries.entries()) {
          await this.trx
            .insertInto("course_entries")
            .values({
              id: newId(),
              period_id: periodId,
              kind,
              position: entryPosition,
              ...entry,
              ...this.timestamps(),
            })
            .execute();
        }
      }
    }
  }

  async mainActivities() {
    for (const year of demo.mainActivities) {
      for (const [position, item] of year.items.entries()) {
        const id = newId();
        const stored = await this.image(`activities/${id}`, item.image, `activity-${year.year}-${position}`, {
          width: 1200,
          height: 800,
        });
        await this.trx
          .insertInto("main_activities")
          .values({
            id,
            year: year.year,
            position,
            title: item.title,
            description: item.description,
            image_file_id: stored.id,
            direction: position % 2 === 0 ? "left" : "right",
            ...this.timestamps(),
          })
          .execute();
      }
    }
  }

  async odaeho(clubName: string) {
    // The newest issue comes first in the managers' order.
    const newestFirst = [...demo.odaehoIssues].reverse();
    for (const [position, issue] of newestFirst.entries()) {
      const id = newId();
      const coverPng = await renderArtwork({
        style: issue.style,
        palette: issue.palette,
        seed: issue.title,
        width: 800,
        height: 1131,
      });
      const thumbnail = await processImage(coverPng);
      const storedThumbnail = await this.files.store({
        folder: `odaeho/${id}`,
        extension: thumbnail.extension,
        contentType: thumbnail.contentType,
        body: thumbnail.body,
        width: thumbnail.width,
        height: thumbnail.height,
        variants: thumbnail.variants,
        fileName: "thumbnail.webp",
      });
      const pdf = await makeDemoPdf({
        title: issue.title,
        subtitle: `${clubName} 연간 회지 · ${issue.description}`,
        coverJpeg: await sharp(coverPng).jpeg({ quality: 70 }).toBuffer(),
        paragraphs: [
          `${issue.title}: ${issue.description}.`,
          `${withParticle(clubName, "이/가")} 한 해 동안 함께한 세션과 스터디, 행사와 프로젝트의 기록을 담았습니다. 글을 보내 준 모든 부원에게 고마움을 전합니다.`,
        ],
      });
      const storedPdf = await this.files.store({
        folder: `odaeho/${id}`,
        extension: "pdf",
        contentType: "application/pdf",
        body: pdf,
        fileName: `${clubName} odaeho ${issue.title}.pdf`,
      });
      await this.trx
        .insertInto("odaeho_issues")
        .values({
          id,
          title: issue.title,
          description: issue.description,
          published_at: seoulMidnight(issue.publishedAt).toISOString(),
          thumbnail_file_id: storedThumbnail.id,
          pdf_file_id: storedPdf.id,
          position,
          ...this.timestamps(),
        })
        .execute();
    }
  }

  async calendar() {
    for (const event of demo.calendarEvents) {
      const day = addDays(seoulDate(this.now), event.dayOffset);
      const allDay = event.time === undefined;
      const at = (time: string) => parseSeoulWallClock(day, time) ?? seoulMidnight(day).toISOString();
      const startsAt = allDay ? seoulMidnight(day).toISOString() : at(event.time?.[0] ?? "00:00");
      const endsAt = allDay
        ? seoulMidnight(addDays(day, event.days ?? 1)).toISOString()
        : at(event.time?.[1] ?? "23:59");
      await this.trx
        .insertInto("calendar_events")
        .values({
          id: newId(),
          title: event.title,
          starts_at: startsAt,
          ends_at: endsAt,
          all_day: allDay ? 1 : 0,
          location: event.location,
          description: event.description,
          ...this.timestamps(),
        })
        .execute();
    }
  }

  async feed() {
    for (const [position, item] of demo.feedItems.entries()) {
      const stored = await this.image("feed", item.image, `feed-${position}`, {
        width: 1080,
        height: 1080,
      });
      await this.trx
        .insertInto("feed_items")
        .values({
          id: newId(),
          image_file_id: stored.id,
          caption: item.caption,
          link: "https://www.instagram.com/kernel.saesol",
          posted_at: this.daysAgo(item.daysAgo),
          position,
          ...this.timestamps(),
        })
        .execute();
    }
  }

  async organization() {
    let memberIndex = 0;
    for (const [position, group] of demo.organization.entries()) {
      const groupId = newId();
      await this.trx
        .insertInto("organization_groups")
        .values({
          id: groupId,
          title: group.title,
          description: group.description,
          position,
          ...this.timestamps(),
        })
        .execute();
      for (const [memberPosition, member] of group.members.entries()) {
        memberIndex += 1;
        const photo = await this.image(
          `organization/profile_${newId()}`,
          { style: "portrait", palette: memberIndex % 6, alt: "" },
          `member-${memberIndex}`,
          { width: 480, height: 480 },
        );
        await this.trx
          .insertInto("organization_members")
          .values({
            id: newId(),
            group_id: groupId,
            position: memberPosition,
            name: member.name,
            role: member.role,
            photo_file_id: photo.id,
            ...this.timestamps(),
          })
          .execute();
      }
    }
  }
}
