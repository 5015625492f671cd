import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { sendForm } from "#app/lib/uploads/send-form.ts";
import { adminWriteUrl, type WriteResult } from "#shared/write-result.ts";

/** The form a button sends on its own (a table row's): the command and the fields it names. */
export function commandForm(intent: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("intent", intent);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/**
 * Sends forms to a content type's write endpoint: the form being sent (for optimistic views),
 * the last answer, and the page's data loaded again after every successful write, so what the
 * page shows is what is saved. Every admin form, list order and deletion goes through this.
 * `reload: false` is for a write after which the page is left (deleting the record an editor
 * page shows, whose loader would find nothing).
 */
export function useAdminWrite(contentType: string, { reload = true }: { reload?: boolean } = {}) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<FormData | null>(null);
  const [answer, setAnswer] = useState<WriteResult | null>(null);
  /** Resolves a send once the render that settles it (new data, no pending form) is on screen. */
  const [settled, setSettled] = useState<{ done: () => void } | null>(null);
  useLayoutEffect(() => settled?.done(), [settled]);
  // The reloaded data may no longer hold the record whose form sent the write (a deleted row):
  // that render unmounts the form, so the send is settled then, and its answer still reaches
  // the caller (the list's "삭제되었습니다").
  const settling = useRef<(() => void) | null>(null);
  useEffect(() => () => settling.current?.(), []);

  const send = useCallback(
    async (form: FormData, onProgress?: (percent: number) => void): Promise<WriteResult> => {
      setPending(form);
      setAnswer(null);
      let result: WriteResult;
      try {
        result = await sendForm(adminWriteUrl(contentType), form, onProgress);
      } catch (error) {
        result = {
          ok: false,
          status: 0,
          message: error instanceof Error ? error.message : "보내지 못했습니다. 다시 시도해 주세요.",
        };
      }
      if (!result.ok || !reload) {
        setPending(null);
        setAnswer(result);
        return result;
      }
      // The router shows the reloaded data in a transition. Dropping the pending form in a
      // render of its own would show the old data for a moment (a reordered list would jump
      // back, and a key pressed then would act on the old order), so both go in one render:
      // the transitions started while an async one runs are committed together with it.
      const answered = result;
      await new Promise<void>((resolve) => {
        settling.current = resolve;
        startTransition(async () => {
          try {
            await revalidator.revalidate();
          } finally {
            startTransition(() => {
              setPending(null);
              setAnswer(answered);
              setSettled({ done: resolve });
            });
          }
        });
      });
      return result;
    },
    [contentType, reload, revalidator],
  );

  return { send, pending, answer, busy: pending !== null };
}
