import { useCallback, useEffect, useRef, useState } from "react";
import { sendForm } from "#app/lib/uploads/send-form.ts";

/** Where the editor's copies go (app/routes/admin/api/autosave.ts). */
const AUTOSAVE_URL = "/admin/api/autosave";
/** A copy is sent after this long without typing. */
export const AUTOSAVE_DELAY_MS = 3000;
/** The article form's text fields a copy keeps (pictures are not copied). */
const COPIED_FIELDS = ["title", "tag", "status", "publishedAt", "contents"] as const;

export type AutosaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "failed"; message: string; signedOut: boolean };

/**
 * Autosaving an article being written: `schedule` on every change sends a copy of the form's
 * text fields once typing pauses, `flush` at once; `state` says how the last copy went. `cancel`
 * drops a pending copy once the article itself is saved. `discard` removes the stored copy.
 */
export function useAutosave(key: string) {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const timer = useRef<number | undefined>(undefined);

  const save = useCallback(
    async (form: HTMLFormElement) => {
      const values = new FormData(form);
      const copy = new FormData();
      copy.set("key", key);
      for (const name of COPIED_FIELDS) copy.set(name, String(values.get(name) ?? ""));
      setState({ kind: "saving" });
      try {
        const answer = await sendForm<{ savedAt: string }>(AUTOSAVE_URL, copy);
        setState(
          answer.ok && answer.data
            ? { kind: "saved", at: answer.data.savedAt }
            : { kind: "failed", message: answer.message, signedOut: answer.status === 401 },
        );
      } catch (error) {
        setState({
          kind: "failed",
          message: error instanceof Error ? error.message : "자동 저장하지 못했습니다.",
          signedOut: false,
        });
      }
    },
    [key],
  );

  const schedule = useCallback(
    (form: HTMLFormElement) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save(form), AUTOSAVE_DELAY_MS);
    },
    [save],
  );

  /** Sends the copy now (a preview of the unsaved edits reads it). */
  const flush = useCallback(
    (form: HTMLFormElement) => {
      window.clearTimeout(timer.current);
      return save(form);
    },
    [save],
  );

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    setState({ kind: "idle" });
  }, []);

  const discard = useCallback(async () => {
    window.clearTimeout(timer.current);
    const form = new FormData();
    form.set("intent", "discard");
    form.set("key", key);
    for (const name of COPIED_FIELDS) form.set(name, "");
    return sendForm(AUTOSAVE_URL, form);
  }, [key]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { state, schedule, flush, cancel, discard };
}
