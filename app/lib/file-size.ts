const units = ["B", "KB", "MB", "GB"] as const;

const number = new Intl.NumberFormat("ko-KR", { maximumFractionDigits: 1 });

/** A file size as people read it: "820 KB", "1.4 MB" (powers of 1024). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number.format(unit === 0 ? value : Math.max(0.1, value))} ${units[unit]}`;
}
