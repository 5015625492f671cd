import { type ComponentProps, type ReactNode, useId } from "react";
import styles from "./FormField.module.css";

/** What a field's control must carry so its label, hint and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  name: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FormFieldProps {
  label: string;
  name: string;
  /** A line of help under the label, read out with the control. */
  hint?: ReactNode;
  /** What is wrong with the value, shown next to the field and read out with the control. */
  error?: string | undefined;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field. The control comes from `children`, which receives the id, name and
 * ARIA attributes to spread on it:
 * `<FormField label="제목" name="title">{(field) => <TextInput {...field} />}</FormField>`.
 */
export function FormField({ label, name, hint, error, required, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <span className={styles.required}> (필수)</span>}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        required,
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
  return (
    <textarea
      className={[styles.control, styles.textarea, className].filter(Boolean).join(" ")}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={[styles.control, styles.select, className].filter(Boolean).join(" ")}
      {...props}
    />
  );
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
