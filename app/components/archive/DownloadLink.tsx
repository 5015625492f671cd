import { DownloadIcon } from "#app/components/icons/icons.tsx";
import { ButtonLink, type ButtonVariant } from "#app/components/ui/Button.tsx";

/** "내려받기" for a file, named after it for screen readers ("KERNEL 회칙 (PDF) 내려받기"). */
export function DownloadLink({
  href,
  fileName,
  subject,
  variant = "primary",
  className,
}: {
  href: string;
  /** The name the browser saves the file under. */
  fileName: string;
  /** What is downloaded, read before "내려받기" by screen readers. */
  subject: string;
  variant?: ButtonVariant;
  className?: string | undefined;
}) {
  return (
    <ButtonLink to={href} reloadDocument download={fileName} variant={variant} size="sm" className={className}>
      <DownloadIcon size={16} />
      <span className="visually-hidden">{subject} </span>
      내려받기
    </ButtonLink>
  );
}
