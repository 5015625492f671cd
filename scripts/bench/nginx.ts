import { spawn } from "node:child_process";
import { chmod, mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { ensureDebianPackage } from "../lib/debian-package.ts";
import { headerOf, type ServedCopy, serverChild } from "./served-copy.ts";

/**
 * nginx serving the very bytes the site answers (the same encoded body and the same headers),
 * on a loopback port: the yardstick the page cache's throughput is measured against. Its ETag
 * and Last-Modified are the site's too: the file's time is set to the page's Last-Modified and
 * nginx's own ETag is off.
 */
const NGINX = "/usr/sbin/nginx";

/** Headers nginx writes itself from the file (type, time) or that it must not repeat. */
const OWN_HEADERS = new Set(["content-type", "last-modified"]);

export function nginxAvailable(): boolean {
  return ensureDebianPackage({ program: NGINX, packageName: "nginx", purpose: "the benchmark's yardstick" });
}

export async function startNginx(folder: string, port: number, copies: ServedCopy[]) {
  await mkdir(path.join(folder, "files"), { recursive: true });
  // nginx's workers run as an unprivileged user: they must be able to read the copies.
  await chmod(folder, 0o755);
  await chmod(path.join(folder, "files"), 0o755);
  const locations: string[] = [];
  for (const [index, copy] of copies.entries()) {
    const file = path.join(folder, "files", `copy-${index}`);
    await writeFile(file, copy.body, { mode: 0o644 });
    const modified = headerOf(copy, "last-modified");
    if (modified) await utimes(file, new Date(modified), new Date(modified));
    const added = copy.headers
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]) => `add_header ${name} ${quoted(value)};`);
    // A rewrite rather than alias: "/" would otherwise be looked up as a directory.
    locations.push(`location = ${copy.path} {
      root ${path.dirname(file)};
      rewrite ^ /${path.basename(file)} break;
      default_type ${quoted(headerOf(copy, "content-type") ?? "text/html")};
      etag off;
      ${added.join("\n      ")}
    }`);
  }
  const config = path.join(folder, "nginx.conf");
  await writeFile(
    config,
    `worker_processes auto;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  max_ranges 0;
  server {
    listen 127.0.0.1:${port};
    ${locations.join("\n    ")}
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", config, "-p", folder], { stdio: "inherit" });
  return serverChild(child, port, "nginx", "SIGQUIT");
}

/** A header value as an nginx string: quoted, with quotes and backslashes escaped. */
function quoted(value: string): string {
  if (value.includes("$")) throw new Error(`nginx would read "$" as a variable: ${value}`);
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}
