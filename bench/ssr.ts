/**
 * bench/ssr: requests/s and p99 latency of / and /healthz on the built
 * production server (embedded database), under load from this process, beside
 * a plain node:http server sending the same bytes, measured in the same run.
 *
 *   npm run build && npm run bench:ssr            (DURATION=10 CONNECTIONS=10)
 *
 * It prints figures; it never fails on them.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) resolve(match);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

async function startApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-bench-"));
  // The compiled server, as `npm run serve` runs it in production.
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? "build", "server.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_REQUESTS: "false", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const match = await waitForLine(child, /running at http:\/\/localhost:(\d+)/);
  return { url: `http://127.0.0.1:${match[1]}`, stop: () => { child.kill("SIGTERM"); fs.rmSync(dataDir, { recursive: true, force: true }); } };
}

/** A plain node:http server in its own process, answering with fixed bytes. */
async function startBaseline(body: Buffer, contentType: string) {
  const file = path.join(os.tmpdir(), `hf-bench-body-${process.pid}`);
  fs.writeFileSync(file, body);
  const source = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const server = http.createServer((req, res) => { res.writeHead(200, { "content-type": ${JSON.stringify(contentType)}, "content-length": body.length }); res.end(body); });
    server.listen(0, "127.0.0.1", () => console.log("baseline on " + server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "pipe"] });
  const match = await waitForLine(child, /baseline on (\d+)/);
  return { url: `http://127.0.0.1:${match[1]}`, stop: () => { child.kill(); fs.rmSync(file, { force: true }); } };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

const app = await startApp();
try {
  const rows: string[] = [];
  for (const route of ["/", "/healthz"]) {
    const sample = await fetch(app.url + route);
    const body = Buffer.from(await sample.arrayBuffer());
    const baseline = await startBaseline(body, sample.headers.get("content-type") ?? "text/plain");
    try {
      await load(app.url + route); // warm-up, not reported
      const measured = await load(app.url + route);
      const base = await load(baseline.url);
      rows.push(
        `${route.padEnd(9)} app ${measured.rps.toFixed(0).padStart(6)} req/s  p50 ${String(measured.p50).padStart(3)} ms  p99 ${String(measured.p99).padStart(4)} ms | ` +
          `plain node:http ${base.rps.toFixed(0).padStart(6)} req/s  p99 ${String(base.p99).padStart(4)} ms | ratio app/baseline ${(measured.rps / base.rps).toFixed(3)}  (${body.length} bytes)`,
      );
    } finally {
      baseline.stop();
    }
  }
  console.log(`\nbench/ssr: ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} cores, Node ${process.version}`);
  for (const row of rows) console.log(row);
} finally {
  app.stop();
}
