import { PassThrough } from "node:stream";
import islandsManifest from "virtual:islands-manifest";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { cspNonceContext, wholeDocumentContext } from "#server/http/router-context.ts";
import { IslandsContext } from "./lib/islands.tsx";

export const streamTimeout = 5_000;

/**
 * Renders the document. Crawlers and link-preview bots get the whole page at once; browsers get
 * the shell as soon as it is ready. A page the cache will keep is rendered whole for everyone:
 * streamed, its parts that finish after the shell come as hidden blocks moved in place by
 * scripts, so its bytes, and the ETag made from them, would depend on the user agent and on
 * timing, and workers holding different copies would answer 200 to each other's ETags.
 * Every inline script carries the request's CSP nonce; public pages get their island scripts
 * (app/lib/islands.tsx) instead of React Router's.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let statusCode = responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    const waitForAll =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.get(wholeDocumentContext);

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: statusCode,
        }),
      );
    };

    const { pipe, abort } = renderToPipeableStream(
      <IslandsContext value={{ manifest: islandsManifest, nonce, reactRefresh: routerContext.manifest.hmr?.runtime }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </IslandsContext>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell is ready are logged by React Router itself.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
