/**
 * The local storage adapter on a real directory: objects round-trip with
 * their type and validators, byte ranges stream exactly, and no path can
 * reach outside its bucket (nothing is written, read or removed there).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "~/platform/storage/local.server";
import { InvalidStoragePathError } from "~/platform/storage/paths";
import { StorageObjectNotFoundError } from "~/platform/storage/port";

let dir: string;
let storage: LocalStorage;
const secretFile = () => path.join(dir, "secret.txt");

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    chunks.push(Buffer.from(value));
  }
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-storage-local-"));
  fs.writeFileSync(secretFile(), "outside every bucket");
  storage = new LocalStorage({ root: path.join(dir, "storage"), secret: "local-storage-test-secret-0123456789" });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("local storage", () => {
  it("stores, describes, reads and removes an object", async () => {
    const bytes = new TextEncoder().encode("RIFF....WAVE pretend audio");
    const info = await storage.put("audio", "songs/one.wav", bytes, "audio/wav");
    expect(info).toMatchObject({ bucket: "audio", path: "songs/one.wav", size: bytes.length, contentType: "audio/wav" });
    expect(info.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(fs.readFileSync(path.join(dir, "storage", "audio", "songs", "one.wav"))).toEqual(Buffer.from(bytes));
    expect(await storage.stat("audio", "songs/one.wav")).toMatchObject({ size: bytes.length, contentType: "audio/wav", etag: info.etag });
    expect(Buffer.from((await storage.get("audio", "songs/one.wav"))!)).toEqual(Buffer.from(bytes));

    await storage.remove("audio", "songs/one.wav");
    expect(await storage.get("audio", "songs/one.wav")).toBeNull();
    expect(await storage.stat("audio", "songs/one.wav")).toBeNull();
    await expect(storage.remove("audio", "songs/one.wav")).resolves.toBeUndefined();
    await expect(storage.createReadStream("audio", "songs/one.wav")).rejects.toThrow(StorageObjectNotFoundError);
  });

  it("streams a byte range exactly, in chunks, across chunk boundaries", async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    await storage.put("audio", "big.bin", bytes, "application/octet-stream");
    const slice = await readAll(await storage.createReadStream("audio", "big.bin", { start: 65_000, end: 200_123 }));
    expect(slice).toEqual(Buffer.from(bytes.subarray(65_000, 200_124)));
    expect(await readAll(await storage.createReadStream("audio", "big.bin"))).toEqual(Buffer.from(bytes));
    expect(await readAll(await storage.createReadStream("audio", "big.bin", { start: 0, end: 1 }))).toEqual(Buffer.from([0, 7]));
  });

  it("replacing an object changes its entity tag", async () => {
    const first = await storage.put("artwork", "cover.png", new Uint8Array([1, 2, 3]), "image/png");
    const second = await storage.put("artwork", "cover.png", new Uint8Array([1, 2, 4]), "image/png");
    expect(second.etag).not.toBe(first.etag);
    expect((await storage.stat("artwork", "cover.png"))?.etag).toBe(second.etag);
  });

  const escapes = ["../secret.txt", "../../secret.txt", "a/../../secret.txt", "/etc/passwd", path.join(os.tmpdir(), "secret.txt"), "..\\secret.txt", "a\u0000b", "./x", "a//b"];

  it.each(escapes)("refuses %j for every operation", async (bad) => {
    await expect(storage.put("audio", bad, new Uint8Array([1]), "audio/wav")).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.get("audio", bad)).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.stat("audio", bad)).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.remove("audio", bad)).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.createReadStream("audio", bad)).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.createSignedUrl("audio", bad)).rejects.toThrow(InvalidStoragePathError);
    expect(fs.readFileSync(secretFile(), "utf8")).toBe("outside every bucket");
  });

  it.each(["..", ".meta", ".tmp", "../storage", "AUDIO"])("refuses bucket %j", async (bucket) => {
    await expect(storage.put(bucket, "x.wav", new Uint8Array([1]), "audio/wav")).rejects.toThrow(InvalidStoragePathError);
    await expect(storage.get(bucket, "x.wav")).rejects.toThrow(InvalidStoragePathError);
  });

  it("signs URLs that only this storage (same secret) accepts", async () => {
    const url = await storage.createSignedUrl("audio", "big.bin");
    const token = new URL(url, "http://x").searchParams.get("token");
    expect(storage.checkToken("audio", "big.bin", token)).toBe("valid");
    const other = new LocalStorage({ root: path.join(dir, "storage"), secret: "a-different-secret-0123456789abcdef" });
    expect(other.checkToken("audio", "big.bin", token)).toBe("invalid");
    const [one, two] = await storage.createSignedUrls("audio", ["big.bin", "x/y.wav"]);
    expect(one).toContain("/audio/big.bin?token=");
    expect(two).toContain("/audio/x/y.wav?token=");
  });
});
