import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The original site's Firestore documents as the `node-firestore-import-export` tool writes them:
 * one JSON object whose keys are collection names, each mapping document ids to documents, with
 * a document's subcollections under its `__collections__` key and special values tagged with
 * `__datatype__`. Timestamps become Dates; geopoints and references become plain values.
 */

export interface SourceDocument {
  /** "community_media/{id}", "information/leaders". */
  path: string;
  id: string;
  data: Record<string, unknown>;
}

/** Every document of the export by collection (subcollections as "parent/id/name"). */
export type FirestoreExport = Map<string, SourceDocument[]>;

/** The export itself cannot be read: nothing is imported. */
export class ImportRefusedError extends Error {
  override name = "ImportRefusedError";
}

export const FIRESTORE_FILE = "firestore.json";
export const STORAGE_FOLDER = "storage";

export async function readFirestoreExport(exportDir: string): Promise<FirestoreExport> {
  const file = path.join(exportDir, FIRESTORE_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new ImportRefusedError(`${file} cannot be read: the export folder needs it (see the README).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportRefusedError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw new ImportRefusedError(`${file} must hold one object of collections.`);
  const collections: FirestoreExport = new Map();
  addCollections(collections, json, "");
  return collections;
}

function addCollections(into: FirestoreExport, collections: Record<string, unknown>, prefix: string) {
  for (const [name, documents] of Object.entries(collections)) {
    if (!isObject(documents)) continue;
    const collectionPath = `${prefix}${name}`;
    const list: SourceDocument[] = [];
    for (const [id, raw] of Object.entries(documents)) {
      if (!isObject(raw)) continue;
      const { __collections__: nested, ...fields } = raw;
      list.push({ path: `${collectionPath}/${id}`, id, data: decodeValue(fields) as Record<string, unknown> });
      if (isObject(nested)) addCollections(into, nested, `${collectionPath}/${id}/`);
    }
    into.set(collectionPath, list);
  }
}

/** A JSON value with the tool's tagged special values turned into plain ones. */
export function decodeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (!isObject(value)) return value;
  if (typeof value.__datatype__ === "string") {
    const inner = value.value;
    switch (value.__datatype__) {
      case "timestamp":
        return timestampOf(inner) ?? inner;
      case "geopoint":
        return isObject(inner)
          ? { latitude: inner._latitude ?? inner.latitude, longitude: inner._longitude ?? inner.longitude }
          : inner;
      case "documentReferenceValue":
        // A reference is kept as the path it names.
        return inner;
      default:
        return decodeValue(inner);
    }
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, decodeValue(child)]));
}

function timestampOf(inner: unknown): Date | undefined {
  if (!isObject(inner)) return undefined;
  const seconds = Number(inner._seconds ?? inner.seconds);
  const nanos = Number(inner._nanoseconds ?? inner.nanoseconds ?? 0);
  if (!Number.isFinite(seconds) || !Number.isFinite(nanos)) return undefined;
  return new Date(seconds * 1000 + Math.floor(nanos / 1_000_000));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** One document of a collection, by id. */
export function documentOf(source: FirestoreExport, collection: string, id: string): SourceDocument | undefined {
  return source.get(collection)?.find((document) => document.id === id);
}
