import type { Page } from "playwright-core";
import { openAdminPage as openSignedIn } from "./support/admin.ts";

/** Helpers shared by the browser tests of the single-document admin pages. */

type NewPage = () => Promise<Page>;

/** A signed-in page showing `path`, ready for clicks. */
export async function openAdminPage(newPage: NewPage, path: string): Promise<Page> {
  return openSignedIn(await newPage(), path);
}
