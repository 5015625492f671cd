import type { ClubIdentity, IdentityField } from "#server/domain/site-settings/site-settings.ts";
import { documentOf, type FirestoreExport } from "./firestore.ts";
import { bucketPath, field, firstText, isObject, list, pictureAddress, text } from "./source-values.ts";

/**
 * Documents a club may have added for its contact page. The original kept its identity in its
 * code (spec, departure 7), so most exports have none of these; the club's name is then found
 * in its magazine PDFs, which the original named "{club} odaeho {title}.pdf".
 */
export const IDENTITY_DOCUMENTS = ["information/contact", "information/club", "about/contact"] as const;

export interface ExportIdentity {
  identity: ClubIdentity;
  /** Where each field found was read, for the report. */
  from: Partial<Record<IdentityField, string>>;
  /** The identity documents the export has. */
  documents: string[];
}

/** The club's identity as far as the export holds it. */
export function readIdentity(source: FirestoreExport): ExportIdentity {
  const identity: ClubIdentity = {};
  const from: ExportIdentity["from"] = {};
  const documents: string[] = [];
  const take = (name: IdentityField, value: string | number | undefined, where: string) => {
    if (value === undefined || value === "" || from[name]) return;
    if (name.startsWith("social.")) {
      identity.social = { ...identity.social, [name.slice(7)]: String(value).trim() };
    } else {
      Object.assign(identity, { [name]: typeof value === "string" ? value.trim() : value });
    }
    from[name] = where;
  };

  for (const documentPath of IDENTITY_DOCUMENTS) {
    const [collection = "", id = ""] = documentPath.split("/");
    const document = documentOf(source, collection, id);
    if (!document) continue;
    documents.push(document.path);
    const data = document.data;
    const links = [data.social, data.sns, data.links].find(isObject) ?? {};
    const linkOf = (name: string) => firstText(data, name) || firstText(links, name);
    const founded = Number(text(field(data, "foundedYear", "founded", "since")));
    take("clubName", firstText(data, "clubName", "club_name", "name"), document.path);
    take("subtitle", firstText(data, "subtitle", "slogan"), document.path);
    take("description", firstText(data, "description", "introduction", "intro"), document.path);
    take("foundedYear", Number.isInteger(founded) && founded > 0 ? founded : undefined, document.path);
    take("siteUrl", firstText(data, "siteUrl", "site_url", "homepage", "website"), document.path);
    take("address", firstText(data, "address", "location"), document.path);
    take("email", firstText(data, "email", "mail", "contactEmail"), document.path);
    for (const network of ["instagram", "facebook", "github", "youtube"] as const) {
      take(`social.${network}`, linkOf(network), document.path);
    }
  }
  take("clubName", clubNameInMagazines(source), "the magazine PDFs' names");
  return { identity, from, documents };
}

/** The club's name as the magazine PDFs carry it ("{club} odaeho {title}.pdf"), the most common. */
function clubNameInMagazines(source: FirestoreExport): string | undefined {
  const contents = documentOf(source, "archive", "odaeho")?.data.contents;
  const counts = new Map<string, number>();
  for (const entry of list(contents)) {
    if (!isObject(entry)) continue;
    const address = pictureAddress(entry, ["pdfUrl", "pdf", "fileUrl"]);
    const name = address ? bucketPath(address)?.split("/").at(-1) : undefined;
    const club = name ? /^(.+?) odaeho /.exec(name)?.[1]?.trim() : undefined;
    if (club) counts.set(club, (counts.get(club) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
