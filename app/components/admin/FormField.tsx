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

interface FormFieldProps {
  label: string;
  name: string;
  /** A line of help under the label, read out with the control. */
  hint?: ReactNode;
  /**
   * What is wrong with the value, shown next to the field and read out with the control: by
   * default the form's error for `name`; given here where the server names the field otherwise
   * (a row of a repeated list: "slogans.1.title").
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
  const { required: needed, ...limits } = form.rules[name] ?? {};
  const error = givenError ?? form.errors[name];
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
