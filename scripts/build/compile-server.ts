/**
 * Compiles server.ts, with the app modules it imports, into one JavaScript
 * file beside the Remix build, so production starts without transpiling
 * TypeScript (docs/decisions/0037). server.ts stays the source of truth;
 * packages stay external and load from node_modules as they would under tsx.
 */
import * as esbuild from "esbuild";
import path from "node:path";

/** The compiled server's file name inside a build directory: `node build/server.js`. */
export const SERVER_ENTRY = "server.js";

export async function compileServer(projectRoot: string, buildDir: string): Promise<string> {
  const outfile = path.join(buildDir, SERVER_ENTRY);
  await esbuild.build({
    entryPoints: [path.join(projectRoot, "server.ts")],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    // Resolves the "~/" alias the same way TypeScript and Vite do.
    tsconfig: path.join(projectRoot, "tsconfig.json"),
    logLevel: "warning",
  });
  return outfile;
}
