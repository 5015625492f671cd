import { z } from "zod";
import { FieldError, runWrite } from "../../../../server/domain/admin/run-write.ts";
import { articleIdSchema } from "../../../../server/domain/articles/articles.ts";
import {
  type ArticleImageInput,
  articleDraftSchema,
  articleWrite,
  createArticle,
  MAX_ALT_LENGTH,
  updateArticle,
} from "../../../../server/domain/articles/manage.ts";
import { acceptImage, uploadLimits } from "../../../../server/domain/files/uploads.ts";
import { BadRequestError } from "../../../../server/domain/input-errors.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import type { Services } from "../../../../server/services.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/articles";

/**
 * POST /admin/api/articles: creates an article (no id) or writes one over the version it was
 * loaded with (id and version), with its image list, as one multipart form:
 *
 * - title, tag, publishedAt (Seoul time from a datetime-local input), contents (editor HTML)
 * - images: the list in order, each `existing:{fileId}` or `new:{key}`, with imageAlt beside it
 * - deleteImage: file ids of existing images to delete
 * - newImage (files, compressed in the browser) with newImageKey beside each
 *
 * New images are checked and prepared (orientation, no metadata) before the transaction, so the
 * database is not held while they are processed. Answers the write's JSON (`jsonResponse`).
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const actor = session.administrator.email;
  if (args.request.method !== "POST") return methodNotAllowed();

  let form: FormData;
  try {
    form = await readForm(args.request, {
      maxFileBytes: uploadLimits.imageBytes,
      maxFiles: uploadLimits.files,
    });
  } catch (error) {
    return jsonResponse(await refuse(services, actor, articleWrite("save", ""), error));
  }
  const isUpdate = text(form, "id") !== "";
  const description = articleWrite(isUpdate ? "update" : "create", text(form, "title"));
  let submission: Submission;
  try {
    submission = await readSubmission(form);
  } catch (error) {
    return jsonResponse(await refuse(services, actor, description, error));
  }
  const { id, version, draft, images } = submission;
  const result = await runWrite(services, actor, description, (trx, files) =>
    id && version
      ? updateArticle(trx, files, id, version, draft, images)
      : createArticle(trx, files, draft, images),
  );
  return jsonResponse(result);
}

export function loader() {
  return methodNotAllowed();
}

function methodNotAllowed() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A write refused before its transaction: the same answer and failure entry as any other. */
function refuse(
  services: Services,
  actor: string,
  description: ReturnType<typeof articleWrite>,
  error: unknown,
) {
  return runWrite(services, actor, description, () => Promise.reject(error));
}

const imageToken = /^(existing|new):([0-9a-z]{1,64})$/;
const imageListMessage = "사진 목록을 읽을 수 없습니다. 새로 고침한 뒤 다시 시도해 주세요.";

const submissionSchema = articleDraftSchema
  .extend({
    id: articleIdSchema.optional(),
    version: z.coerce.number().int().min(1).optional(),
    images: z
      .array(z.string().regex(imageToken, imageListMessage))
      .max(100, "사진은 한 게시글에 100장까지 둘 수 있습니다."),
    imageAlt: z.array(
      z.string().trim().max(MAX_ALT_LENGTH, `사진 설명은 ${MAX_ALT_LENGTH}자까지 쓸 수 있습니다.`),
    ),
    deleteImage: z.array(z.string()),
    newImageKey: z.array(z.string()),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && value.version === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["form"],
        message: "불러온 게시글의 버전을 알 수 없습니다. 새로 고침한 뒤 다시 저장해 주세요.",
      });
    }
    if (value.imageAlt.length !== value.images.length) {
      ctx.addIssue({ code: "custom", path: ["images"], message: imageListMessage });
    }
  });

interface Submission {
  id: string | undefined;
  version: number | undefined;
  draft: z.output<typeof articleDraftSchema>;
  images: ArticleImageInput[];
}

/** The form's text values, or "" where a value is missing or is a file. */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function texts(form: FormData, name: string): string[] {
  return form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
}

async function readSubmission(form: FormData): Promise<Submission> {
  const id = text(form, "id") || undefined;
  const parsed = submissionSchema.parse({
    id,
    version: id ? text(form, "version") : undefined,
    title: text(form, "title"),
    tag: text(form, "tag"),
    publishedAt: text(form, "publishedAt"),
    contents: text(form, "contents"),
    images: texts(form, "images"),
    imageAlt: texts(form, "imageAlt"),
    deleteImage: texts(form, "deleteImage"),
    newImageKey: texts(form, "newImageKey"),
  });

  const uploads = form.getAll("newImage");
  if (uploads.length !== parsed.newImageKey.length)
    throw new FieldError("images", imageListMessage);
  const uploadsByKey = new Map<string, File>();
  for (const [index, key] of parsed.newImageKey.entries()) {
    const upload = uploads[index];
    if (!(upload instanceof File) || uploadsByKey.has(key)) {
      throw new FieldError("images", imageListMessage);
    }
    uploadsByKey.set(key, upload);
  }

  const deleted = new Set(parsed.deleteImage);
  const used = new Set<string>();
  const images: ArticleImageInput[] = [];
  for (const [index, token] of parsed.images.entries()) {
    const [, kind, key = ""] = imageToken.exec(token) ?? [];
    const alt = parsed.imageAlt[index] ?? "";
    if (kind === "existing") {
      if (!deleted.has(key)) images.push({ fileId: key, alt });
      continue;
    }
    const upload = uploadsByKey.get(key);
    if (!upload || used.has(key)) throw new FieldError("images", imageListMessage);
    used.add(key);
    images.push({
      upload: await acceptNamed(upload),
      originalName: upload.name.slice(0, 200),
      alt,
    });
  }
  if (used.size !== uploadsByKey.size) throw new FieldError("images", imageListMessage);

  const { title, tag, publishedAt, contents } = parsed;
  return { id, version: parsed.version, draft: { title, tag, publishedAt, contents }, images };
}

/** `acceptImage`, naming the file when it is not an image. */
async function acceptNamed(file: File) {
  try {
    return await acceptImage(file);
  } catch (error) {
    if (error instanceof BadRequestError) {
      throw new FieldError("images", `'${file.name.slice(0, 100)}': ${error.message}`);
    }
    throw error;
  }
}
