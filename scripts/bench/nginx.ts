import { spawn } from "node:child_process";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { ensureDebianPackage } from "../lib/debian-package.ts";

/**
 * nginx serving the very bytes the site answers (the same encoded body and content type), on a
 * loopback port: the yardstick the page cache's throughput is measured against.
 */
export interface ServedCopy {
  /** The path the copy is served at, e.g. "/" or "/community/media". */
  path: string;
  body: Buffer;
  contentType: string;
  contentEncoding: string | undefined;
}

export async function startNginx(folder: string, port: number, copies: ServedCopy[]) {
  const program = "/usr/sbin/nginx";
  if (!ensureDebianPackage({ program, packageName: "nginx", purpose: "the benchmark's yardstick" })) {
    return undefined;
  }
  await mkdir(path.join(folder, "files"), { recursive: true });
  // nginx's workers run as an unprivileged user: they must be able to read the copies.
  await chmod(folder, 0o755);
  await chmod(path.join(folder, "files"), 0o755);
  const locations: string[] = [];
  for (const [index, copy] of copies.entries()) {
    const file = path.join(folder, "files", `copy-${index}`);
    await writeFile(file, copy.body, { mode: 0o644 });
    // A rewrite rather than alias: "/" would otherwise be looked up as a directory.
    locations.push(`location = ${copy.path} {
      root ${path.dirname(file)};
      rewrite ^ /${path.basename(file)} break;
      default_type "${copy.contentType}";
      ${copy.contentEncoding ? `add_header Content-Encoding ${copy.contentEncoding};` : ""}
      add_header Vary Accept-Encoding;
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
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    ${locations.join("\n    ")}
  }
}
`,
  );
  const child = spawn(program, ["-c", config, "-p", folder], { stdio: "inherit" });
  await waitForPort(port);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
  };
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await delay(50); // polling for the port to open
    }
  }
  throw new Error(`nginx did not start on port ${port}`);
}
