import { type ComponentProps, createContext, type ReactNode, useContext, useId } from "react";
import type { FieldRule, FieldRules } from "#shared/field-rules.ts";
import styles from "./FormField.module.css";

/**
 * What a field's control must carry so its label, hint and error reach assistive technology,
 * and the limits the server's schema sets for it.
 */
export interface FieldControlProps extends Omit<FieldRule, "required"> {
  id: string;
  name: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/**
 * What the form around (AdminForm) knows of its fields: their limits from the server's schema
 * (its `rules`) and what the server said is wrong with each, by field name.
 */
export interface FormFields {
  rules: FieldRules;
  errors: Record<string, string>;
}

export const FormFieldsContext = createContext<FormFields>({ rules: {}, errors: {} });

/** The place of the row the fields are in, in a list of rows; undefined outside one. */
const RowIndexContext = createContext<number | undefined>(undefined);

/**
 * The fields of one row of a repeated list (FAQs, schedules, the home page's cards): the form
 * sends them as "faqs.question" and the server names what is wrong with the third one
 * "faqs.2.question"; a FormField inside finds its error under that name.
 */
export function RowFields({ index, children }: { index: number; children: ReactNode }) {
  return <RowIndexContext.Provider value={index}>{children}</RowIndexContext.Provider>;
}

/** The name the server gives a field's error: in a row, its place goes before the last part. */
function errorName(name: string, row: number | undefined): string {
  const dot = name.lastIndexOf(".");
  return row === undefined || dot < 0 ? name : `${name.slice(0, dot)}.${row}${name.slice(dot)}`;
}

interface FormFieldProps {
  label: string;
  name: string;
  /** A line of help under the label, read out with the control. */
  hint?: ReactNode;
  /**
   * What is wrong with the value, shown next to the field and read out with the control: by
   * default the form's error for `name` (in RowFields, for the row's place in it); given here
   * where the server names the field otherwise.
   */
  error?: string | undefined;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field. The control comes from `children`, which receives the id, name, ARIA
 * attributes and the limits from the form's rules (maxLength, pattern, …) to spread on it:
 * `<FormField label="제목" name="title">{(field) => <TextInput {...field} />}</FormField>`.
 * A field the schema needs is marked "(필수)" without saying so here.
 */
export function FormField({ label, name, hint, error: givenError, required, children }: FormFieldProps) {
  const form = useContext(FormFieldsContext);
  const row = useContext(RowIndexContext);
  const { required: needed, ...limits } = form.rules[name] ?? {};
  const error = givenError ?? form.errors[errorName(name, row)];
  const isRequired = required ?? needed === true;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {isRequired && <span className={styles.required}> (필수)</span>}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        ...limits,
        id,
        name,
        required: isRequired || undefined,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The most common field: one line of text, filled with `defaultValue`, that the browser does not
 * offer to autofill. An address (`type` "url" or "email") brings the matching keyboard on phones
 * and no spelling check.
 */
export function TextField({
  defaultValue,
  type,
  className,
  ...field
}: Omit<FormFieldProps, "children"> & {
  defaultValue: string | undefined;
  type?: "url" | "email" | undefined;
  /** The text box's own class, e.g. a larger title. */
  className?: string | undefined;
}) {
  return (
    <FormField {...field}>
      {(control) => (
        <TextInput
          {...control}
          type={type}
          inputMode={type}
          className={className}
          defaultValue={defaultValue}
          autoComplete="off"
          spellCheck={type ? false : undefined}
        />
      )}
    </FormField>
  );
}

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input className={[styles.control, className].filter(Boolean).join(" ")} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={[styles.control, styles.textarea, className].filter(Boolean).join(" ")} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={[styles.control, styles.select, className].filter(Boolean).join(" ")} {...props} />;
}

/** A checkbox with its label beside it, and an optional hint under both. */
export function Checkbox({
  label,
  hint,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className={styles.checkField}>
      <input
        type="checkbox"
        id={id}
        className={styles.checkbox}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...props}
      />
      <label htmlFor={id} className={styles.checkLabel}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.checkHint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The row of buttons at the end of a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
