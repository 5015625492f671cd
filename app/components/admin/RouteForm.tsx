import type { KeyboardEvent, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldRules } from "#shared/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { FormFieldsContext } from "./FormField.tsx";
import { Notice } from "./Notice.tsx";

const noRules: FieldRules = {};
const noErrors: Record<string, string> = {};

interface RouteFormProps {
  /** The limits of the form's fields, from the schema its command checks (the loader's `fieldRules`). */
  rules?: FieldRules | undefined;
  /** The route action's last answer (the page's `actionData`): its message and field errors. */
  answer?: WriteResult<unknown> | undefined;
  /** What the form sends besides its fields. */
  hidden?: Record<string, string | undefined>;
  /** Where it posts, when not to the page's own address (the sign-out button). */
  action?: string;
  className?: string | undefined;
  children: (state: { submitting: boolean; fieldErrors: Record<string, string> }) => ReactNode;
}

/**
 * The admin form kit's frame for a form its page's own action answers: the steps whose answer
 * sets a cookie or leads elsewhere (signing in, a one-time link, a new password). It posts as a
 * plain form (so it works before the page's script has loaded), shows the answer's message above
 * the fields and its field errors next to them (the same `WriteResult` every admin form reads),
 * hands the schema's limits to its FormFields, and never submits on the Enter that confirms a
 * Korean syllable. Forms answered in place use AdminForm.
 */
export function RouteForm({ rules, answer, hidden, action, className, children }: RouteFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fieldErrors = answer?.fieldErrors ?? noErrors;
  return (
    <>
      {answer && <Notice tone={answer.ok ? "success" : "error"} title={answer.message} />}
      <Form method="post" action={action} noValidate className={className} onKeyDown={keepComposingEnter}>
        {Object.entries(hidden ?? {}).map(([name, value]) =>
          value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <FormFieldsContext.Provider value={{ rules: rules ?? noRules, errors: fieldErrors }}>
          {children({ submitting, fieldErrors })}
        </FormFieldsContext.Provider>
      </Form>
    </>
  );
}

/** Enter that confirms a Korean syllable being composed must not also submit the form. */
export function keepComposingEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === "Enter" && (event.nativeEvent.isComposing || event.keyCode === 229)) {
    event.preventDefault();
  }
}

/**
 * The line above the form. A refusal whose message is a field's own is said there, next to the
 * field; above, the form only points to it, so no message shows twice.
 */
export function answerTitle(result: WriteResult<unknown>): string {
  const fieldMessages = Object.values(result.fieldErrors ?? {});
  return !result.ok && fieldMessages.includes(result.message)
    ? "입력한 내용을 확인해 주세요. 표시된 항목을 고쳐 다시 보내 주세요."
    : result.message;
}
