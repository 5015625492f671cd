import { data } from "react-router";
import type { WriteResult } from "../../shared/write-result.ts";

/** A write's answer from a route action (read by AdminForm through its fetcher). */
export function actionResponse<T>(result: WriteResult<T>) {
  return data(result, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

/** A write's answer from an upload endpoint (read by AdminForm from JSON). */
export function jsonResponse<T>(result: WriteResult<T>): Response {
  return Response.json(result, { status: result.status, headers: { "Cache-Control": "no-store" } });
}
