import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isObject, quoted, timestampOf } from "./source-values.ts";

/**
 * The original site's Firestore documents, from the JSON files of an export folder, in the
 * shapes the usual tools write them:
 *
 * - `database`: node-firestore-import-export run on the whole database:
 *   `{"__collections__": {collection: {id: document}}}`, a document's subcollections under its
 *   own `__collections__`, special values tagged with `__datatype__`;
 * - `collections`: `{collection: {id: document}}`, the same without the outer wrapper, or what
 *   firestore-export-import's `backup`/`backups` write (subcollections under `subCollection`,
 *   timestamps as bare `{_seconds, _nanoseconds}` or `{seconds, nanoseconds}`);
 * - `documents`: `{id: document}`, node-firestore-import-export run on one collection path; the
 *   file's name (`community_media.json`) names the collection.
 *
 * Timestamps become Dates; geopoints and references become plain values.
 */

export interface SourceDocument {
  /** "community_media/{id}", "information/leaders". */
  path: string;
  id: string;
  data: Record<string, unknown>;
}

export type ExportShape = "database" | "collections" | "documents";

/** A part of the export that is not read as a document: reported, and never silently. */
export interface SourceProblem {
  path: string;
  outcome: "skipped" | "merged";
  reason: string;
}

export interface FirestoreExport {
  /** Every document read, by collection (subcollections as "parent/id/name"). */
  collections: Map<string, SourceDocument[]>;
  /** Values that are no document, and documents found again in a later file. */
  problems: SourceProblem[];
  /** The JSON files read, in order, with the shape each was read as. */
  files: { name: string; shape: ExportShape }[];
}

/** The export itself cannot be read: nothing is imported. */
export class ImportRefusedError extends Error {
  override name = "ImportRefusedError";
}

export const STORAGE_FOLDER = "storage";

/** The collections of the original site (spec section 7), to tell a collection from a document. */
export const ORIGINAL_COLLECTIONS = [
  "community_media",
  "community_activity_courses",
  "community_activity_main",
  "community_feed",
  "information",
  "archive",
  "about",
] as const;

/**
 * Reads every `*.json` file of the export folder (or the one file named), in name order. A
 * document found in two files is read once; a file that is not JSON refuses the whole import,
 * since what it holds (the leaders, say) cannot be known.
 */
export async function readFirestoreExport(exportPath: string): Promise<FirestoreExport> {
  const files = await jsonFilesOf(exportPath);
  const source: FirestoreExport = { collections: new Map(), problems: [], files: [] };
  const seen = new Map<string, { file: string; json: string }>();
  for (const file of files) {
    const name = path.basename(file);
    const json = await readJson(file);
    const shape = shapeOf(json, name);
    source.files.push({ name, shape });
    const collections: Record<string, unknown> =
      shape === "database"
        ? (json.__collections__ as Record<string, unknown>)
        : shape === "documents"
          ? { [collectionNameOf(name)]: json }
          : json;
    if (shape === "database") {
      for (const key of Object.keys(json).filter((key) => key !== "__collections__")) {
        source.problems.push({
          path: `${name}: ${key}`,
          outcome: "skipped",
          reason: "a value beside the database's __collections__ is not a document.",
        });
      }
    }
    addCollections(source, collections, "", { name, seen });
  }
  return source;
}

async function jsonFilesOf(exportPath: string): Promise<string[]> {
  const info = await stat(exportPath).catch(() => undefined);
  if (info?.isFile()) return [exportPath];
  if (!info?.isDirectory()) throw new ImportRefusedError(`${exportPath} is neither an export folder nor a JSON file.`);
  const names = (await readdir(exportPath)).filter((name) => name.toLowerCase().endsWith(".json")).sort();
  if (names.length === 0) {
    throw new ImportRefusedError(`${exportPath} holds no .json file: put the Firestore export in it (see the README).`);
  }
  return names.map((name) => path.join(exportPath, name));
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ImportRefusedError(`${file} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportRefusedError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw new ImportRefusedError(`${file} must hold one JSON object of collections or documents.`);
  return json;
}

/** Which of the tools' shapes a file is in (see the top of this module). */
export function shapeOf(json: Record<string, unknown>, fileName: string): ExportShape {
  if (isObject(json.__collections__)) return "database";
  const values = Object.values(json);
  // node-firestore-import-export gives every document a __collections__ key, even an empty one.
  if (values.some((value) => isObject(value) && "__collections__" in value)) return "documents";
  const known = (name: string) => (ORIGINAL_COLLECTIONS as readonly string[]).includes(name);
  if (Object.keys(json).some(known)) return "collections";
  return known(collectionNameOf(fileName)) ? "documents" : "collections";
}

/** "community_media.json" names the collection community_media. */
function collectionNameOf(fileName: string): string {
  return fileName.replace(/\.json$/i, "");
}

function addCollections(
  into: FirestoreExport,
  collections: Record<string, unknown>,
  prefix: string,
  file: { name: string; seen: Map<string, { file: string; json: string }> },
) {
  for (const [key, documents] of Object.entries(collections)) {
    // firestore-export-import names a subcollection by its whole path.
    const collectionPath = key.startsWith(prefix) ? key : `${prefix}${key}`;
    if (!isObject(documents)) {
      into.problems.push({
        path: collectionPath,
        outcome: "skipped",
        reason: `${quoted(documents)} is not a collection of documents.`,
      });
      continue;
    }
    const list = into.collections.get(collectionPath) ?? [];
    into.collections.set(collectionPath, list);
    for (const [id, raw] of Object.entries(documents)) {
      const documentPath = `${collectionPath}/${id}`;
      if (!isObject(raw)) {
        into.problems.push({ path: documentPath, outcome: "skipped", reason: `${quoted(raw)} is not a document.` });
        continue;
      }
      const { __collections__: nested, subCollection, ...fields } = raw;
      const earlier = file.seen.get(documentPath);
      const json = JSON.stringify(fields);
      if (earlier) {
        into.problems.push(
          earlier.json === json
            ? { path: documentPath, outcome: "merged", reason: `the same as its copy in ${earlier.file}.` }
            : {
                path: documentPath,
                outcome: "skipped",
                reason: `its copy in ${file.name} differs from the one in ${earlier.file}, which was read.`,
              },
        );
      } else {
        file.seen.set(documentPath, { file: file.name, json });
        list.push({ path: documentPath, id, data: decodeValue(fields) as Record<string, unknown> });
      }
      for (const children of [nested, subCollection]) {
        if (isObject(children)) addCollections(into, children, `${documentPath}/`, file);
      }
    }
  }
}

/** A JSON value with the tools' special values (tagged or bare timestamps, …) made plain. */
export function decodeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (!isObject(value)) return value;
  if (typeof value.__datatype__ === "string") {
    const inner = value.value;
    switch (value.__datatype__) {
      case "timestamp":
        return timestampOf(inner) ?? (typeof inner === "string" ? inner : value);
      case "geopoint":
        return isObject(inner)
          ? { latitude: inner._latitude ?? inner.latitude, longitude: inner._longitude ?? inner.longitude }
          : inner;
      default:
        // A document reference is kept as the path it names.
        return decodeValue(inner);
    }
  }
  if (isBareTimestamp(value)) return timestampOf(value);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, decodeValue(child)]));
}

/** `{_seconds, _nanoseconds}` or `{seconds, nanoseconds}` and nothing else. */
function isBareTimestamp(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value).sort().join(",");
  return (keys === "_nanoseconds,_seconds" || keys === "nanoseconds,seconds") && timestampOf(value) !== undefined;
}

/** One document of a collection, by id. */
export function documentOf(source: FirestoreExport, collection: string, id: string): SourceDocument | undefined {
  return source.collections.get(collection)?.find((document) => document.id === id);
}
