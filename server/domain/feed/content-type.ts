import { uploadLimits } from "#server/domain/files/uploads.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { required, uploadedImage } from "#server/domain/write/form-files.ts";
import { formPageOrder, formTarget, formText, formValues } from "#server/domain/write/form-input.ts";
import { describeChange, describeReorder } from "#server/domain/write/messages.ts";
import { createFeedItem, deleteFeedItem, feedCaption, feedFields, reorderFeed, updateFeedItem } from "./manage.ts";

const NOUN = "피드 게시물";

const readFields = (form: FormData) => feedFields.parse(formValues(form, ["caption", "link", "postedAt"]));

/** The feed's photos with a caption and a link, newest first unless put in order by hand. */
export const feedContent: ContentType = {
  name: "feed",
  category: "feed",
  noun: NOUN,
  files: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
  publicPages: ["/community/feed"],
  adminPage: {
    path: "/admin/manage-feed",
    title: "피드",
    section: "content",
    counts: [{ label: "게시물", table: "feed_items" }],
  },
  commands: {
    create: command({
      describe: (form) => describeChange("feed", NOUN, formText(form, "caption"), "추가"),
      read: async (form) => ({
        fields: readFields(form),
        image: required(await uploadedImage(form, "image"), "image", "사진을 골라 주세요."),
      }),
      run: (trx, files, { fields, image }) => createFeedItem(trx, files, fields, image),
    }),
    update: command({
      describe: (form) => describeChange("feed", NOUN, formText(form, "caption"), "수정"),
      read: async (form) => ({
        target: formTarget(form),
        fields: readFields(form),
        image: await uploadedImage(form, "image"),
      }),
      run: (trx, files, input) => updateFeedItem(trx, files, input.target, input.fields, input.image),
    }),
    delete: command({
      describe: async (form, db) => describeChange("feed", NOUN, await feedCaption(db, formText(form, "id")), "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteFeedItem(trx, files, target),
    }),
    reorder: command({
      describe: () => describeReorder("feed", "피드"),
      read: formPageOrder,
      run: (trx, _files, order) => reorderFeed(trx, order),
    }),
  },
};
