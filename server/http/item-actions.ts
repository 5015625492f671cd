import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { getServices } from "../../app/context.ts";
import type { Db } from "../db/database.ts";
import { formValues, type RecordTarget, recordTarget } from "../domain/admin/form-fields.ts";
import { describeChange, describeReorder, describeUnreadable } from "../domain/admin/messages.ts";
import { runWrite } from "../domain/admin/run-write.ts";
import { runUploadWrite } from "../domain/admin/upload-write.ts";
import type { AuditCategory } from "../domain/audit-log/categories.ts";
import type { FileChanges } from "../domain/files/files.ts";
import { requireAdministrator } from "./admin-auth.ts";
import { actionResponse, jsonResponse } from "./write-response.ts";

/**
 * The actions of the admin lists whose items carry files (main activities, odaeho, feed):
 * `itemUploadAction` for the upload endpoint that adds and edits items, `itemListAction` for
 * the page's own action that deletes and reorders them.
 */
interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}

interface ItemKind {
  category: AuditCategory;
  /** What one item is called in messages, e.g. "주요 활동". */
  noun: string;
}

/** An upload endpoint only takes POSTs: anything else is told so, never a server error. */
export function uploadEndpointLoader(): Response {
  return Response.json(
    { ok: false, status: 405, message: "이 주소는 관리 화면의 양식만 보낼 수 있습니다." },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

const uploadIntent = z.enum(["create", "update"], { error: "알 수 없는 요청입니다." });

/**
 * Adds (intent "create") or edits (intent "update", with id and version) one item from a
 * multipart form, answering JSON for AdminForm's upload mode.
 */
export async function itemUploadAction<Prepared>(
  args: ActionArgs,
  kind: ItemKind & {
    /** The field that names the item in messages (its title or caption). */
    titleField: string;
    limits: { maxFileBytes: number; maxFiles: number };
    /** Reads and checks the fields and files; `update` when an item is edited. */
    prepare: (form: FormData, update: boolean) => Promise<Prepared>;
    create: (trx: Db, files: FileChanges, prepared: Prepared) => Promise<string>;
    update: (
      trx: Db,
      files: FileChanges,
      target: RecordTarget,
      prepared: Prepared,
    ) => Promise<void>;
  },
): Promise<Response> {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const result = await runUploadWrite(services, session.administrator.email, args.request, {
    limits: kind.limits,
    unreadable: describeUnreadable(kind.category, kind.noun),
    describe: (form) =>
      describeChange(
        kind.category,
        kind.noun,
        String(form.get(kind.titleField) ?? ""),
        form.get("intent") === "update" ? "수정" : "추가",
      ),
    prepare: async (form) => {
      const update = uploadIntent.parse(form.get("intent")) === "update";
      const target = update ? recordTarget.parse(formValues(form, ["id", "version"])) : undefined;
      return { target, prepared: await kind.prepare(form, update) };
    },
    work: async (trx, files, { target, prepared }) => {
      if (!target) return kind.create(trx, files, prepared);
      await kind.update(trx, files, target, prepared);
      return target.id;
    },
  });
  return jsonResponse(result);
}

/** Deletes one item (intent "delete", with id and version) or saves a new order ("reorder"). */
export async function itemListAction(
  args: ActionArgs,
  kind: ItemKind & {
    /** The item's title for the messages (read before it is deleted). */
    titleOf: (db: Db, id: string) => Promise<string>;
    remove: (trx: Db, files: FileChanges, target: RecordTarget) => Promise<void>;
    /** The list a reorder is about, e.g. "2026년 주요 활동", from the form as sent. */
    listName: (form: FormData) => string;
    reorder: (trx: Db, form: FormData) => Promise<void>;
  },
) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const actor = session.administrator.email;
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "delete": {
      const title = await kind.titleOf(services.db, String(form.get("id") ?? ""));
      const description = describeChange(kind.category, kind.noun, title, "삭제");
      return actionResponse(
        await runWrite(services, actor, description, (trx, files) =>
          kind.remove(trx, files, recordTarget.parse(formValues(form, ["id", "version"]))),
        ),
      );
    }
    case "reorder": {
      const description = describeReorder(kind.category, kind.listName(form));
      return actionResponse(
        await runWrite(services, actor, description, (trx) => kind.reorder(trx, form)),
      );
    }
    default:
      return actionResponse({ ok: false, status: 400, message: "알 수 없는 요청입니다." });
  }
}
