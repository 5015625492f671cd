/**
 * The policy for an uploaded PDF opened in the browser (a magazine issue): the document runs
 * sandboxed, in an origin of its own, so a script inside it could not act as the site even if
 * the viewer ran it (uploads with scripts are refused as well, pdf-actions.ts). Chromium's PDF
 * viewer opens such a document as it does any other.
 */
export const PDF_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";
