import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { routeMap, type DefineRoute } from "./app/route-map";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: {
    hmr: { port: 24678 },
    // The dev server serves files under the project root; DATA_DIR (./.data by
    // default) holds the outbox of codes, the session secret and the database.
    // Vite's own defaults are kept (it replaces them when this list is set).
    fs: { deny: [".env", ".env.*", "*.{crt,pem}", "**/.git/**", "**/.data/**", "**/.data"] },
  },
  build: { target: "es2022", sourcemap: false },
  plugins: [
    vanillaExtractPlugin(),
    remix({
      // BUILD_DIR lets parallel checkouts/tests build side by side.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      // Routes come from the product's map (app/route-map.ts), not from file names.
      ignoredRouteFiles: ["**/*"],
      routes: (defineRoutes) => defineRoutes((route) => routeMap(route as DefineRoute)),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
});
