/** The club's terminal prompt, ">_", as a decoration before a name or heading; each place styles it. */
export function PromptMark({ className }: { className: string | undefined }) {
  return (
    <span aria-hidden="true" className={className}>
      &gt;_
    </span>
  );
}
