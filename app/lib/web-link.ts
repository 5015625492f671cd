/** A stored link as a web address (http or https); anything else is not offered as a link. */
export function webLink(link: string): URL | undefined {
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}
