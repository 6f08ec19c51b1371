/**
 * The request log as server.ts mounts it (requestLogger over express and real
 * HTTP requests): a share token, an offer token, a code and an encoded
 * redirect's token never reach the log line, in the URL or in the Referer,
 * while the rest of the line (method, path, status) is still there.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLogger } from "~/platform/http/request-log.server";

const SHARE = "Zyxwvutsrqponmlkjihgfedcba9876543210_-ZYXWV";
const OFFER = "offer-token-in-the-log-0123456789abcdef";
const CODE = "918273";

for (const production of [true, false]) {
  describe(`request log (${production ? "combined" : "dev"} format)`, () => {
    let server: http.Server;
    let base: string;
    const lines: string[] = [];

    beforeAll(async () => {
      const stream = new PassThrough();
      stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
      const app = express();
      app.use(requestLogger({ production, stream }));
      app.all("*", (_req, res) => res.status(200).send("ok"));
      server = http.createServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const logged = async (path: string, headers: Record<string, string> = {}) => {
      const before = lines.length;
      const response = await fetch(base + path, { headers });
      expect(response.status).toBe(200);
      await response.text();
      // morgan writes when the response has finished.
      for (let i = 0; i < 50 && lines.length === before; i++) await new Promise((r) => setTimeout(r, 10));
      expect(lines.length).toBe(before + 1);
      return lines[lines.length - 1]!;
    };

    it("keeps tokens and codes out of the logged URL", async () => {
      const cases = [
        `/listen/${SHARE}`,
        `/api/listen/${SHARE}/0b7f3a52-8a8e-4c3e-9f7e-1f2a3b4c5d6e`,
        `/accept?token=${OFFER}`,
        `/auth?redirect=${encodeURIComponent(`/accept?token=${OFFER}`)}`,
        `/auth/verify?code=${CODE}&email=x%40y.test`,
      ];
      for (const path of cases) {
        const line = await logged(path);
        expect(line).toContain("GET /");
        expect(line).toContain("200");
        expect(line).toContain("[redacted]");
        for (const secret of [SHARE, OFFER, encodeURIComponent(OFFER), `code=${CODE}`]) expect(line).not.toContain(secret);
      }
      expect(await logged("/music-catalog?q=love")).toContain("GET /music-catalog?q=love");
    });

    if (production) {
      it("keeps them out of the logged Referer too", async () => {
        const line = await logged("/favicon.svg", { referer: `https://hitfactory.example/listen/${SHARE}?token=${OFFER}` });
        expect(line).toContain('"https://hitfactory.example/listen/[redacted]?token=[redacted]"');
        expect(line).not.toContain(SHARE);
        expect(line).not.toContain(OFFER);
      });
    }
  });
}
