// Writes an export of the original site as the real tools leave it, for measuring the import:
// `node scripts/make-firebase-export.ts OUT_DIR [--articles 1000] [--pictures 2]
// [--size 1600x1200]`. OUT_DIR/firestore.json is node-firestore-import-export's whole-database
// file (the outer __collections__, tagged timestamps, download URLs with tokens), and
// OUT_DIR/storage/BUCKET/ holds the pictures as `gsutil -m cp -r gs://BUCKET storage` copies
// them: JPEG photographs' size and weight, each article's first picture shown in its HTML too. The pictures
// are a dozen drawings linked many times over (the import decodes every one all the same), so
// the folder costs little disk.
import { randomBytes } from "node:crypto";
import { link, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { artworkSvg, paletteCount } from "#server/seed/artwork.ts";

const BUCKET = "club-export-measure.appspot.com";
const DISTINCT_PICTURES = 12;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    articles: { type: "string", default: "1000" },
    pictures: { type: "string", default: "2" },
    size: { type: "string", default: "1600x1200" },
  },
});
const [outDir] = positionals;
const articles = Number(values.articles);
const picturesPerArticle = Number(values.pictures);
const [width, height] = values.size.split("x").map(Number);
if (
  !outDir ||
  !Number.isInteger(articles) ||
  articles < 1 ||
  !Number.isInteger(picturesPerArticle) ||
  !width ||
  !height
) {
  console.error(
    "Usage: npx node scripts/make-firebase-export.ts OUT_DIR [--articles 1000] [--pictures 2] [--size 1600x1200]",
  );
  process.exit(2);
}

await rm(outDir, { recursive: true, force: true });
const bucketDir = path.join(outDir, "storage", BUCKET);
const poolDir = path.join(outDir, "drawings");
await mkdir(poolDir, { recursive: true });
const pool: string[] = [];
for (let index = 0; index < DISTINCT_PICTURES; index += 1) {
  const svg = artworkSvg({
    style: (["code", "waves", "orbits", "blocks", "circuit"] as const)[index % 5] ?? "waves",
    width,
    height,
    seed: `export-${index}`,
    palette: index % paletteCount(),
  });
  // A camera's grain, so the files weigh what photographs do (a drawing alone compresses to little).
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let at = 0; at < data.length; at += 1)
    data[at] = Math.min(255, Math.max(0, (data[at] ?? 0) + Math.random() * 24 - 12));
  const file = path.join(poolDir, `${index}.jpg`);
  await sharp(data, { raw: info }).jpeg({ quality: 85 }).toFile(file);
  pool.push(file);
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const downloadUrl = (bucketPath: string) =>
  `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/${encodeURIComponent(bucketPath)}?alt=media&token=${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`;
const timestamp = (date: Date) => ({
  __datatype__: "timestamp",
  value: { _seconds: Math.floor(date.getTime() / 1000), _nanoseconds: 0 },
});

const media: Record<string, unknown> = {};
const started = Date.UTC(2016, 2, 2, 9);
for (let index = 0; index < articles; index += 1) {
  const id = hex(16);
  const urls: string[] = [];
  for (let picture = 0; picture < picturesPerArticle; picture += 1) {
    const bucketPath = `community/media/${id}/${hex(3)}`;
    await mkdir(path.dirname(path.join(bucketDir, bucketPath)), { recursive: true });
    await link(pool[(index + picture) % pool.length] ?? "", path.join(bucketDir, bucketPath));
    urls.push(downloadUrl(bucketPath));
  }
  const shown = urls[0] ? `<p><img src="${urls[0].replaceAll("&", "&amp;")}"></p>` : "";
  media[id] = {
    title: `정기 모임 기록 ${index + 1}`,
    tag: ["행사", "공지", "세미나", "스터디"][index % 4],
    published_at: timestamp(new Date(started + index * 3 * 24 * 3600 * 1000)),
    contents: `<h1>모임 ${index + 1}</h1><p>이번 모임에서는 ${index % 7}개의 발표가 있었습니다.</p>${shown}<p>다음 모임에서 이어집니다.</p>`,
    images: urls.map((url) => ({ url })),
    __collections__: {},
  };
}

const database = {
  __collections__: {
    community_media: media,
    information: {
      leaders: {
        leaders: [
          { name: "김하늘", phoneNumber: "010-1234-5678" },
          { name: "이바다", phoneNumber: "010-2345-6789" },
        ],
        __collections__: {},
      },
    },
  },
};
await writeFile(path.join(outDir, "firestore.json"), JSON.stringify(database));
await rm(poolDir, { recursive: true });
console.log(
  `Wrote ${articles} articles with ${articles * picturesPerArticle} pictures (${width}×${height}) to ${outDir}.`,
);
