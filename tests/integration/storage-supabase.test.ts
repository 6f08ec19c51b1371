/**
 * The Supabase storage adapter through supabase-js against a local stand-in
 * of Supabase Storage's HTTP API (tests/support/storage-stand-in.ts): the
 * requests it makes and how it reads the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SupabaseStorage } from "~/platform/storage/supabase.server";
import { parseStorageUrl } from "~/platform/storage/parse-url";
import { InvalidStoragePathError } from "~/platform/storage/paths";
import { StorageObjectNotFoundError, StorageRequestError } from "~/platform/storage/port";
import { createStorage } from "~/platform/storage/index.server";
import { parseEnv } from "~/platform/env.server";
import { startStorageStandIn, type StorageStandIn } from "../support/storage-stand-in";

let standIn: StorageStandIn;
let storage: SupabaseStorage;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

beforeAll(async () => {
  standIn = await startStorageStandIn();
  storage = new SupabaseStorage({ url: standIn.url, key: standIn.key });
});
afterAll(async () => {
  await standIn?.close();
});

describe("Supabase storage adapter", () => {
  it("is chosen when SUPABASE_URL and SUPABASE_ANON_KEY are set, and writes with the service-role key", () => {
    const env = parseEnv({ SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: "anon", SUPABASE_SERVICE_ROLE_KEY: "service" });
    expect(createStorage(env, "x".repeat(40)).kind).toBe("supabase");
    expect(createStorage(parseEnv({}), "x".repeat(40)).kind).toBe("local");
  });

  it("uploads with the content type, then describes and downloads the object", async () => {
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    const info = await storage.put("audio", "catalogue/song one.wav", bytes, "audio/wav");
    expect(info).toMatchObject({ bucket: "audio", path: "catalogue/song one.wav", size: 8, contentType: "audio/wav" });
    expect(info.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const upload = standIn.requests.find((r) => r.method === "POST" && r.path.startsWith("/storage/v1/object/audio/"));
    expect(upload?.path).toBe("/storage/v1/object/audio/catalogue/song%20one.wav");
    expect(standIn.objects.get("audio/catalogue/song one.wav")?.contentType).toBe("audio/wav");
    expect(Buffer.from((await storage.get("audio", "catalogue/song one.wav"))!)).toEqual(Buffer.from(bytes));
    // Upsert: a second upload replaces the object.
    await storage.put("audio", "catalogue/song one.wav", new Uint8Array([9]), "audio/wav");
    expect((await storage.stat("audio", "catalogue/song one.wav"))?.size).toBe(1);
  });

  it("reads a byte range with a Range request", async () => {
    const bytes = new Uint8Array(1000).map((_, i) => i % 251);
    await storage.put("audio", "range.bin", bytes, "application/octet-stream");
    const slice = await readAll(await storage.createReadStream("audio", "range.bin", { start: 100, end: 199 }));
    expect(slice).toEqual(Buffer.from(bytes.subarray(100, 200)));
    expect(standIn.requests.at(-1)).toMatchObject({ path: "/storage/v1/object/authenticated/audio/range.bin", range: "bytes=100-199" });
  });

  it("signs URLs valid 3600 s that the storage serves and parseStorageUrl reads back", async () => {
    const url = await storage.createSignedUrl("audio", "range.bin");
    expect(url.startsWith(`${standIn.url}/storage/v1/object/sign/audio/range.bin?token=`)).toBe(true);
    expect(parseStorageUrl(url)).toEqual({ bucket: "audio", path: "range.bin" });
    const response = await fetch(url, { headers: { range: "bytes=0-1" } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0, 1]));

    const [first, second] = await storage.createSignedUrls("audio", ["range.bin", "catalogue/song one.wav"]);
    expect(parseStorageUrl(first)).toEqual({ bucket: "audio", path: "range.bin" });
    expect(parseStorageUrl(second)).toEqual({ bucket: "audio", path: "catalogue/song one.wav" });
    expect((await fetch(second)).status).toBe(200);
    expect(await storage.createSignedUrls("audio", [])).toEqual([]);
  });

  it("answers null / not found for missing objects and removes idempotently", async () => {
    expect(await storage.get("audio", "missing.wav")).toBeNull();
    expect(await storage.stat("audio", "missing.wav")).toBeNull();
    await expect(storage.createReadStream("audio", "missing.wav")).rejects.toThrow(StorageObjectNotFoundError);
    await expect(storage.createSignedUrl("audio", "missing.wav")).rejects.toThrow(StorageRequestError);
    await storage.remove("audio", "range.bin");
    expect(standIn.objects.has("audio/range.bin")).toBe(false);
    await expect(storage.remove("audio", "range.bin")).resolves.toBeUndefined();
  });

  it("reports a refused key as an error, and refuses unsafe paths before any request", async () => {
    const wrongKey = new SupabaseStorage({ url: standIn.url, key: "not-the-key" });
    await expect(wrongKey.put("audio", "x.wav", new Uint8Array([1]), "audio/wav")).rejects.toThrow(/Supabase Storage could not store audio\/x.wav/);
    const before = standIn.requests.length;
    await expect(storage.put("audio", "../x.wav", new Uint8Array([1]), "audio/wav")).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.createSignedUrl("audio", "a/../../b")).rejects.toThrow(InvalidStoragePathError);
    expect(standIn.requests.length).toBe(before);
  });
});
