import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "#app/components/ui/Button.tsx";
import { useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { adminWriteUrl } from "#shared/write-result.ts";
import styles from "./AdminForm.module.css";
import { FormFieldsContext } from "./FormField.tsx";
import { Notice } from "./Notice.tsx";
import { answerTitle, keepComposingEnter } from "./RouteForm.tsx";
import { SignInDialog } from "./SignInDialog.tsx";
import { TheirVersion } from "./TheirVersion.tsx";
import { useUnsavedChanges } from "./UnsavedChanges.tsx";

const noRules: FieldRules = {};
const noErrors: Record<string, string> = {};

export interface AdminFormState {
  /** Field name → Korean message from the last answer. */
  fieldErrors: Record<string, string>;
  busy: boolean;
  /** What is being prepared or sent, while it is. */
  progress: FormProgress | null;
}

export interface FormProgress {
  label: string;
  percent: number;
}

interface AdminFormProps {
  /** The content type whose write endpoint the form posts to (see useAdminWrite). */
  contentType: string;
  /**
   * Runs in the browser before sending, e.g. to compress images; may report progress from 0 to
   * 100 and throw an Error whose message is shown to the manager.
   */
  prepare?: (form: FormData, onProgress: (label: string, percent: number) => void) => Promise<FormData>;
  /** Called after a successful save with the server's answer and the form that was sent. */
  onSaved?: (result: WriteResult<unknown>, form: FormData) => void;
  /** Empty the form after a successful save (forms that add a new item). */
  resetOnSuccess?: boolean;
  /**
   * The saved record's version (or anything that changes when the saved data changes): when it
   * changes, the fields show the saved values again. Keeps the answer above the form.
   */
  resetKey?: string | number;
  /** The accessible name of the form, e.g. "새 일정 추가". */
  label?: string;
  /**
   * The children show `progress` themselves (e.g. beside a save button kept in view); otherwise
   * it is shown at the end of the form.
   */
  childrenShowProgress?: boolean;
  /** The limits of the form's fields, from the server's schema (see FieldRulesContext). */
  rules?: FieldRules;
  /**
   * Load the page's data again after a save (the default). Off for a form whose page is left
   * after it, e.g. deleting the record an editor page shows (see useAdminWrite).
   */
  reload?: boolean;
  /**
   * What the form sends besides its fields: the command (`intent`) and the record or document
   * it was loaded at (`id`, `version`). Undefined values are left out.
   */
  hidden?: Record<string, string | number | undefined>;
  /**
   * The form saves a whole document (decision 0012) loaded at this version: it sends the `save`
   * command with the version, and shows the saved values again when the version changes.
   */
  savesDocumentAt?: number;
  /** The form element's id, for buttons placed outside it (`form={id}`). */
  id?: string;
  /** Called on every change of a field, e.g. to autosave a copy after a pause. */
  onEdit?: (form: HTMLFormElement) => void;
  /** The fields start with values that are not saved (a recovered copy): count them as changes. */
  startsEdited?: boolean;
  /**
   * The form's inputs choose the rows its actions apply to (a list's checkboxes) rather than hold
   * content, so ticking them is no unsaved change.
   */
  choosesRows?: boolean;
  className?: string;
  children: (state: AdminFormState) => ReactNode;
}

/**
 * The one form frame of the admin area. It shows the server's answer (success, failure,
 * conflict) above the form, errors next to fields through `children`, upload progress, tells the
 * area's UnsavedChangesGuard while it holds unsaved changes, never submits while a Korean
 * syllable is being composed, and keeps what the manager typed when a save fails. A save refused
 * because the session ended opens a sign-in dialog in place and goes through once the manager
 * has signed in. A conflict offers to load the newest version, which replaces the typed values
 * only when the manager asks for it.
 */
export function AdminForm({
  contentType,
  prepare,
  onSaved,
  resetOnSuccess = false,
  resetKey,
  label,
  childrenShowProgress = false,
  rules,
  reload = true,
  hidden: givenHidden,
  savesDocumentAt,
  id,
  onEdit,
  startsEdited = false,
  choosesRows = false,
  className,
  children,
}: AdminFormProps) {
  const hidden =
    savesDocumentAt === undefined ? givenHidden : { intent: "save", version: savesDocumentAt, ...givenHidden };
  const formResetKey = resetKey ?? savesDocumentAt;
  const revalidator = useRevalidator();
  const write = useAdminWrite(contentType, { reload });
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<WriteResult<unknown> | null>(null);
  const [progress, setProgress] = useState<FormProgress | null>(null);
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const formId = useId();
  const unsaved = useUnsavedChanges();
  // Also marked on the form itself, for a form that asks before it is closed unsaved.
  const [edited, setEdited] = useState(false);
  const setDirty = useCallback(
    (dirty: boolean) => {
      setEdited(dirty);
      unsaved.setDirty(formId, dirty);
    },
    [unsaved, formId],
  );
  useEffect(() => () => unsaved.setDirty(formId, false), [unsaved, formId]);
  useEffect(() => {
    if (startsEdited) setDirty(true);
  }, [startsEdited, setDirty]);

  const sentForm = useRef(new FormData());
  const finish = useCallback(
    (answer: WriteResult<unknown>) => {
      setResult(answer);
      setProgress(null);
      if (answer.ok) {
        setDirty(false);
        if (resetOnSuccess) formRef.current?.reset();
        onSaved?.(answer, sentForm.current);
      }
    },
    [onSaved, resetOnSuccess, setDirty],
  );

  const busy = sending;
  const fieldErrors = result?.fieldErrors ?? noErrors;
  const fields = useMemo(() => ({ rules: rules ?? noRules, errors: fieldErrors }), [rules, fieldErrors]);

  // A long form's answer may be out of sight: a failure with field errors moves focus to the
  // first field to fix; any other answer is scrolled into view.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result) return;
    const invalid = result.ok ? null : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else answerRef.current?.scrollIntoView({ block: "nearest" });
  }, [result]);

  // A save refused for want of a session waits here, prepared, while the manager signs in again.
  const [waiting, setWaiting] = useState<FormData | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    sentForm.current = form;
    await send(form, prepare);
  }

  async function send(form: FormData, prepareForm?: AdminFormProps["prepare"]) {
    setResult(null);
    setSending(true);
    try {
      const prepared = prepareForm
        ? await prepareForm(form, (phase, percent) => setProgress({ label: phase, percent }))
        : form;
      setProgress({ label: "보내는 중", percent: 0 });
      const answer = await write.send(prepared, (percent) => setProgress({ label: "보내는 중", percent }));
      if (answer.status === 401) setWaiting(prepared);
      finish(answer);
    } catch (error) {
      finish({
        ok: false,
        status: 0,
        message: error instanceof Error ? error.message : "보내지 못했습니다. 다시 시도해 주세요.",
      });
    } finally {
      setSending(false);
    }
  }

  function loadNewest() {
    setResult(null);
    setDirty(false);
    setFormKey((key) => key + 1);
    revalidator.revalidate();
  }

  return (
    <>
      <SignInDialog
        open={waiting !== null}
        onSignedIn={() => {
          const form = waiting;
          setWaiting(null);
          if (form) void send(form);
        }}
        onClose={() => setWaiting(null)}
      />
      {result && (
        <div className={styles.answer} ref={answerRef}>
          <Notice tone={result.ok ? (result.unchanged ? "info" : "success") : "error"} title={answerTitle(result)}>
            {result.conflict && (
              <p className={styles.conflictActions}>
                <Button size="sm" variant="secondary" onClick={loadNewest}>
                  최신 내용 불러오기
                </Button>
                <span>누르면 입력한 내용 대신 저장된 최신 내용이 표시됩니다.</span>
              </p>
            )}
          </Notice>
          {result.theirs && <TheirVersion theirs={result.theirs} />}
        </div>
      )}
      <form
        key={`${formKey}:${formResetKey ?? ""}`}
        ref={formRef}
        id={id}
        method="post"
        action={adminWriteUrl(contentType)}
        encType="multipart/form-data"
        aria-label={label}
        aria-busy={busy || undefined}
        data-edited={edited || undefined}
        className={className}
        onSubmit={onSubmit}
        onKeyDown={keepComposingEnter}
        onInput={(event) => {
          if (!choosesRows) setDirty(true);
          onEdit?.(event.currentTarget);
        }}
        onChange={(event) => {
          if (!choosesRows) setDirty(true);
          onEdit?.(event.currentTarget);
        }}
        noValidate
      >
        {Object.entries(hidden ?? {}).map(([name, value]) =>
          value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <FormFieldsContext.Provider value={fields}>
          {children({ fieldErrors, busy, progress })}
        </FormFieldsContext.Provider>
        {progress && !childrenShowProgress && <ProgressBar progress={progress} />}
      </form>
    </>
  );
}

/** A step of sending a form (compressing pictures, uploading) and how far along it is. */
export function ProgressBar({ progress }: { progress: FormProgress }) {
  return (
    <div className={styles.progress} role="status">
      <span>
        {progress.label} {progress.percent}%
      </span>
      <progress max={100} value={progress.percent} aria-label={progress.label} />
    </div>
  );
}
