/** The backup archives' tar writer and reader (ADR 0098): round trips, long names (pax), and what a reader refuses. */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { readTar, tarStream, type TarFileEntry } from "~/platform/backup/tar.server";

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** The archive delivered in odd-sized pieces, as a gunzip stream would. */
async function* inPieces(bytes: Buffer, size = 700): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(bytes: Buffer) {
  const out: Array<{ name: string; data: Buffer }> = [];
  for await (const entry of readTar(inPieces(bytes))) out.push({ name: entry.name, data: await collect(entry.body()) });
  return out;
}

describe("tar", () => {
  it("round-trips files of every size, short, split (prefix) and pax-length names, bodies given as bytes or chunks", async () => {
    const files = [
      { name: "manifest.json", data: Buffer.from('{"a":1}\n') },
      { name: "empty", data: Buffer.alloc(0) },
      { name: "storage/audio/exactly-512.bin", data: crypto.randomBytes(512) },
      { name: `storage/${"folder/".repeat(20)}split.bin`, data: crypto.randomBytes(1000) },
      { name: `storage/${"x".repeat(300)}/long.bin`, data: crypto.randomBytes(70_000) },
      { name: "storage/ünïcödé/名前.txt", data: Buffer.from("utf-8 names") },
    ];
    const entries: TarFileEntry[] = files.map((file, i) => ({
      name: file.name,
      size: file.data.length,
      body: i % 2 ? file.data : async function* () {
        for (let at = 0; at < file.data.length; at += 4096) yield file.data.subarray(at, at + 4096);
      },
    }));
    const archive = await collect(tarStream(entries));
    expect(archive.length % 512).toBe(0);
    expect(await readAll(archive)).toEqual(files);
  });

  it("refuses a body that is not the size it declared", async () => {
    await expect(collect(tarStream([{ name: "a", size: 10, body: Buffer.alloc(9) }]))).rejects.toThrow(/9 bytes, not 10/);
    const grows = { name: "b", size: 3, body: async function* () { yield Buffer.alloc(4); } };
    await expect(collect(tarStream([grows]))).rejects.toThrow(/grew/);
  });

  it("refuses a truncated archive, a damaged header and links", async () => {
    const archive = await collect(tarStream([{ name: "a.bin", size: 2000, body: crypto.randomBytes(2000) }]));
    await expect(readAll(archive.subarray(0, 1200))).rejects.toThrow(/truncated/);
    await expect(readAll(archive.subarray(0, 2560))).rejects.toThrow(/end marker/);
    const damaged = Buffer.from(archive);
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(readAll(damaged)).rejects.toThrow(/checksum/);
    const link = Buffer.from(archive);
    link[156] = "2".charCodeAt(0);
    // Fix the checksum so only the type is wrong.
    link.fill(" ", 148, 156);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += link[i]!;
    link.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "utf8");
    await expect(readAll(link)).rejects.toThrow(/neither a file nor a folder/);
  });

  it("is read by GNU tar", async () => {
    const { execFileSync } = await import("node:child_process");
    const os = await import("node:os");
    const fs = await import("node:fs");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-tar-"));
    try {
      const long = `storage/${"y".repeat(200)}/deep/${"z".repeat(120)}.bin`;
      const data = crypto.randomBytes(5000);
      fs.writeFileSync(path.join(dir, "a.tar"), await collect(tarStream([{ name: long, size: data.length, body: data }])));
      execFileSync("tar", ["-xf", "a.tar"], { cwd: dir });
      expect(fs.readFileSync(path.join(dir, long)).equals(data)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
