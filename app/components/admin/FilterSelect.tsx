import filterBar from "#app/components/admin/FilterBar.module.css";
import { Select } from "#app/components/admin/FormField.tsx";

/**
 * One choice in a list's filter bar (the log's category and result, the posts' tag): a labelled
 * select of `[value, label]` options after "전체", which filters nothing; `all={false}` for a
 * list that always shows one choice's rows (the activities of one year).
 */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
  all = true,
  className,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
  all?: boolean;
  className?: string | undefined;
}) {
  return (
    <div className={className ? `${filterBar.filter} ${className}` : filterBar.filter}>
      <label htmlFor={id}>{label}</label>
      <Select id={id} name={name} defaultValue={defaultValue}>
        {all && <option value="">전체</option>}
        {options.map(([value, optionLabel]) => (
          <option key={value} value={value}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </div>
  );
}
