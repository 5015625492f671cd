import type { ReactNode } from "react";
import { FormField, TextArea, TextInput } from "./FormField.tsx";

interface TextFieldProps {
  label: string;
  name: string;
  defaultValue?: string | undefined;
  /** The server's limit, so the field stops where the server would refuse. */
  maxLength: number;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A labelled one-line text field of an admin form, with its hint and error. */
export function TextField({ defaultValue = "", maxLength, ...field }: TextFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <TextInput
          {...control}
          defaultValue={defaultValue}
          maxLength={maxLength}
          autoComplete="off"
        />
      )}
    </FormField>
  );
}

/** A labelled several-line text field of an admin form. */
export function TextAreaField({
  defaultValue = "",
  maxLength,
  rows = 3,
  ...field
}: TextFieldProps & { rows?: number }) {
  return (
    <FormField {...field}>
      {(control) => (
        <TextArea {...control} defaultValue={defaultValue} maxLength={maxLength} rows={rows} />
      )}
    </FormField>
  );
}
