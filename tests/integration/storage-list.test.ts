/**
 * StoragePort.list on both adapters: the local one on a real directory, the
 * Supabase one through supabase-js against the HTTP stand-in of Storage
 * (tests/support/storage-stand-in.ts). The same objects list in the same
 * order on both, page by page with a cursor, filtered by a prefix; folders,
 * temporary files, sidecars and links are never listed; a bucket, prefix or
 * cursor that could climb out of its bucket is refused before anything is read.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "~/platform/storage/local.server";
import { InvalidStoragePathError, compareObjectPaths } from "~/platform/storage/paths";
import type { ListedObject, StoragePort } from "~/platform/storage/port";
import { SUPABASE_LIST_PAGE, SupabaseStorage } from "~/platform/storage/supabase.server";
import { startStorageStandIn, type StorageStandIn } from "../support/storage-stand-in";

// In listing order: folder by folder ("a/..." before the name "a-b.wav").
const OBJECTS = ["a/b/c.wav", "a/z.wav", "a-b.wav", "catalogue/1/audio.wav", "catalogue/2/audio.wav", "top.png"];

let dir: string;
let local: LocalStorage;
let standIn: StorageStandIn;
let supabase: SupabaseStorage;

async function listAll(store: StoragePort, bucket: string, limit: number, prefix?: string): Promise<ListedObject[]> {
  const all: ListedObject[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await store.list(bucket, { prefix, cursor, limit });
    expect(page.objects.length).toBeLessThanOrEqual(limit);
    all.push(...page.objects);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
  throw new Error("the listing never ended");
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-storage-list-"));
  local = new LocalStorage({ root: path.join(dir, "storage"), secret: "storage-list-test-secret-0123456789" });
  standIn = await startStorageStandIn();
  supabase = new SupabaseStorage({ url: standIn.url, key: standIn.key });
  // Written out of order: the listing sorts.
  for (const store of [local, supabase]) {
    for (const objectPath of [...OBJECTS].reverse()) {
      await store.put("audio", objectPath, new TextEncoder().encode(`bytes of ${objectPath}`), objectPath.endsWith(".png") ? "image/png" : "audio/wav");
    }
  }
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await standIn?.close();
});

describe.each([
  ["local", () => local],
  ["supabase", () => supabase],
] as const)("StoragePort.list (%s adapter)", (_name, store) => {
  it("lists every object of a bucket, folder by folder, with size, type and time", async () => {
    const page = await store().list("audio", { limit: 100 });
    expect(page.objects.map((object) => object.path)).toEqual(OBJECTS);
    expect(page.nextCursor).toBeNull();
    const png = page.objects.find((object) => object.path === "top.png")!;
    expect(png).toMatchObject({ size: "bytes of top.png".length, contentType: "image/png" });
    expect(Math.abs(png.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect([...OBJECTS].sort(compareObjectPaths)).toEqual(OBJECTS);
  });

  it("pages with a cursor: every object once, in order, at most `limit` a page", async () => {
    for (const limit of [1, 2, 4, 5]) {
      expect((await listAll(store(), "audio", limit)).map((object) => object.path)).toEqual(OBJECTS);
    }
    const first = await store().list("audio", { limit: 2 });
    expect(first.nextCursor).toBe("a/z.wav");
    expect((await store().list("audio", { limit: 2, cursor: first.nextCursor })).objects.map((object) => object.path)).toEqual(["a-b.wav", "catalogue/1/audio.wav"]);
    // A cursor naming no object still means "after this path".
    expect((await store().list("audio", { limit: 10, cursor: "b" })).objects.map((object) => object.path)).toEqual(OBJECTS.slice(3));
  });

  it("filters by a prefix: a folder or the start of a name", async () => {
    expect((await listAll(store(), "audio", 1, "catalogue/")).map((object) => object.path)).toEqual(["catalogue/1/audio.wav", "catalogue/2/audio.wav"]);
    expect((await store().list("audio", { prefix: "a" })).objects.map((object) => object.path)).toEqual(["a/b/c.wav", "a/z.wav", "a-b.wav"]);
    expect((await store().list("audio", { prefix: "a/" })).objects.map((object) => object.path)).toEqual(["a/b/c.wav", "a/z.wav"]);
    expect((await store().list("audio", { prefix: "catalogue/2" })).objects.map((object) => object.path)).toEqual(["catalogue/2/audio.wav"]);
    expect((await store().list("audio", { prefix: "nothing-here/" })).objects).toEqual([]);
  });

  it("walks a whole bucket in one pass, in batches, in the same order", async () => {
    const batches: string[][] = [];
    for await (const batch of store().walk("audio", { batchSize: 4 })) batches.push(batch.map((object) => object.path));
    expect(batches).toEqual([OBJECTS.slice(0, 4), OBJECTS.slice(4)]);
    const listed = (await store().list("audio", { limit: 100 })).objects;
    for await (const batch of store().walk("audio")) {
      for (const object of batch) {
        const same = listed.find((item) => item.path === object.path)!;
        expect({ ...object, contentType: same.contentType }).toEqual(same);
        expect([null, same.contentType]).toContain(object.contentType);
      }
    }
    const under: string[] = [];
    for await (const batch of store().walk("audio", { prefix: "a/" })) under.push(...batch.map((object) => object.path));
    expect(under).toEqual(["a/b/c.wav", "a/z.wav"]);
    const none: unknown[] = [];
    for await (const batch of store().walk("empty-bucket")) none.push(batch);
    expect(none).toEqual([]);
    await expect(store().walk("../x")[Symbol.asyncIterator]().next()).rejects.toThrow(InvalidStoragePathError);
  });

  it("answers an empty page for a bucket with nothing in it", async () => {
    expect(await store().list("empty-bucket")).toEqual({ objects: [], nextCursor: null });
  });

  it("refuses a bucket, prefix or cursor that could leave the bucket, and absurd limits", async () => {
    for (const bucket of ["../audio", "", "Audio", ".meta", "a/b", "audio\u0000"]) {
      await expect(store().list(bucket)).rejects.toThrow(InvalidStoragePathError);
    }
    for (const prefix of ["../", "/etc/", "a/../../", "a\u0000b", "a\\b", "C:/x"]) {
      await expect(store().list("audio", { prefix })).rejects.toThrow(InvalidStoragePathError);
    }
    for (const cursor of ["../x", "/abs", "a//b", "x\u0000"]) {
      await expect(store().list("audio", { cursor })).rejects.toThrow(InvalidStoragePathError);
    }
    for (const limit of [0, -1, 1.5, 1001]) {
      await expect(store().list("audio", { limit })).rejects.toThrow(RangeError);
    }
  });
});

describe("local adapter listing", () => {
  it("never lists its temporary files, sidecars, links or anything outside the bucket", async () => {
    const root = path.join(dir, "storage");
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    fs.writeFileSync(path.join(root, ".tmp", "half-written.data"), "partial");
    fs.writeFileSync(path.join(dir, "secret.txt"), "outside every bucket");
    fs.symlinkSync(path.join(dir, "secret.txt"), path.join(root, "audio", "link-to-secret.wav"));
    fs.symlinkSync(dir, path.join(root, "audio", "link-to-dir"));
    const paths = (await local.list("audio", { limit: 1000 })).objects.map((object) => object.path);
    expect(paths).toEqual(OBJECTS);
    expect(await local.list("meta")).toEqual({ objects: [], nextCursor: null });
    fs.rmSync(path.join(root, "audio", "link-to-secret.wav"));
    fs.rmSync(path.join(root, "audio", "link-to-dir"));
  });

  it("reports a file without a type sidecar with a null type", async () => {
    const file = path.join(dir, "storage", "audio", "dropped-in.bin");
    fs.writeFileSync(file, "copied in by hand");
    const page = await local.list("audio", { prefix: "dropped" });
    expect(page.objects).toEqual([{ path: "dropped-in.bin", size: 17, contentType: null, lastModified: fs.statSync(file).mtime }]);
    fs.rmSync(file);
  });
});

describe("Supabase adapter listing", () => {
  it("asks Storage for one folder level at a time with POST /object/list/<bucket>", async () => {
    const before = standIn.requests.length;
    await supabase.list("audio", { prefix: "catalogue/" });
    const calls = standIn.requests.slice(before);
    expect(calls.every((call) => call.method === "POST" && call.path === "/storage/v1/object/list/audio")).toBe(true);
    expect(calls.map((call) => (call.body as { prefix: string }).prefix)).toEqual(["", "catalogue", "catalogue/1", "catalogue/2"]);
    expect(calls.every((call) => (call.body as { limit: number }).limit === SUPABASE_LIST_PAGE)).toBe(true);
  });

  it("reads each folder once in a walk", async () => {
    const before = standIn.requests.length;
    for await (const batch of supabase.walk("audio", { batchSize: 1 })) expect(batch).toHaveLength(1);
    // "", a, a/b, catalogue, catalogue/1, catalogue/2
    expect(standIn.requests.slice(before).map((call) => (call.body as { prefix: string }).prefix)).toEqual(["", "a", "a/b", "catalogue", "catalogue/1", "catalogue/2"]);
  });

  it("reads a folder longer than one answer with limit and offset", async () => {
    const count = SUPABASE_LIST_PAGE + 5;
    for (let index = 0; index < count; index += 1) {
      standIn.objects.set(`many/f/${String(index).padStart(5, "0")}.wav`, {
        bytes: Buffer.from("x"),
        contentType: "audio/wav",
        etag: '"x"',
        lastModified: new Date(),
        id: crypto.randomUUID(),
      });
    }
    const before = standIn.requests.length;
    const page = await supabase.list("many", { limit: 1000, cursor: "f/00998.wav" });
    expect(page.objects.map((object) => object.path)).toEqual(["f/00999.wav", "f/01000.wav", "f/01001.wav", "f/01002.wav", "f/01003.wav", "f/01004.wav"]);
    expect(standIn.requests.slice(before).map((call) => (call.body as { offset: number }).offset)).toEqual([0, 0, SUPABASE_LIST_PAGE]);
  });

  it("reports a refusal from Storage as an error", async () => {
    const wrongKey = new SupabaseStorage({ url: standIn.url, key: "not-the-key" });
    await expect(wrongKey.list("audio")).rejects.toThrow(/Supabase Storage could not list audio/);
  });
});
