/**
 * A small tar (POSIX ustar, with pax headers for long names) writer and
 * streaming reader, for the backup archives (docs/decisions/0098). Node has
 * gzip built in but no tar; the format is 512-byte headers and padded bodies,
 * so writing it by hand costs less than a dependency. Only what the archives
 * use: regular files and directories; links and devices are never written and
 * a reader refuses them.
 */

const BLOCK = 512;
/** ustar's size field: 11 octal digits. Larger files would need a pax size record (none of ours comes close). */
const MAX_SIZE = 8 ** 11 - 1;

export interface TarFileEntry {
  name: string;
  size: number;
  mtime?: Date;
  mode?: number;
  /** The bytes, or a function giving them in chunks (exactly `size` bytes, or the writer throws). */
  body: Uint8Array | (() => AsyncIterable<Uint8Array>);
}

function writeString(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), "utf8");
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  writeString(header, offset, length, value.toString(8).padStart(length - 1, "0") + "\0");
}

/** name (100 bytes) and prefix (155) of ustar, or null when the name needs a pax record. */
function splitName(name: string): { name: string; prefix: string } | null {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: "" };
  for (let cut = name.indexOf("/"); cut !== -1; cut = name.indexOf("/", cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest.length > 0) return { name: rest, prefix };
  }
  return null;
}

function header(name: string, prefix: string, size: number, type: string, mode: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(" ", 148, 156);
  writeString(block, 156, 1, type);
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return block;
}

/** A pax record "<len> path=<value>\n", where <len> counts the whole record, its own digits included. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body);
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return Buffer.from(`${length}${body}`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The headers (a pax header first when the name is long) for one file. */
function headersFor(entry: TarFileEntry): Buffer[] {
  if (!Number.isSafeInteger(entry.size) || entry.size < 0 || entry.size > MAX_SIZE) throw new Error(`tar: ${entry.name} is too large`);
  const mtime = entry.mtime ?? new Date();
  const mode = entry.mode ?? 0o600;
  const split = splitName(entry.name);
  if (split) return [header(split.name, split.prefix, entry.size, "0", mode, mtime)];
  const pax = paxRecord("path", entry.name);
  const short = entry.name.slice(-90).replace(/^\/+/, "");
  return [header(`PaxHeader/${short}`.slice(0, 100), "", pax.length, "x", 0o600, mtime), pax, padding(pax.length), header(short, "", entry.size, "0", mode, mtime)];
}

/** The tar stream of `entries`, in order, ending with the two zero blocks. */
export async function* tarStream(entries: AsyncIterable<TarFileEntry> | Iterable<TarFileEntry>): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    yield* headersFor(entry);
    if (entry.body instanceof Uint8Array) {
      if (entry.body.byteLength !== entry.size) throw new Error(`tar: ${entry.name} is ${entry.body.byteLength} bytes, not ${entry.size}`);
      yield entry.body;
    } else {
      let written = 0;
      for await (const chunk of entry.body()) {
        written += chunk.byteLength;
        if (written > entry.size) throw new Error(`tar: ${entry.name} grew while it was archived`);
        yield chunk;
      }
      if (written !== entry.size) throw new Error(`tar: ${entry.name} shrank while it was archived`);
    }
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

// ---------------------------------------------------------------------------
// Reading

export interface TarReadEntry {
  name: string;
  size: number;
  type: "file" | "directory";
  /** The body in chunks; read it before asking for the next entry (what is left unread is skipped). */
  body(): AsyncGenerator<Buffer>;
}

/** Exact-length reads over an async byte source. */
class ByteReader {
  readonly #source: AsyncIterator<Uint8Array>;
  #pending: Buffer = Buffer.alloc(0);
  #ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  async #more(): Promise<boolean> {
    if (this.#ended) return false;
    const next = await this.#source.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    return true;
  }

  /** Exactly n bytes, or null at a clean end before any of them. */
  async take(n: number): Promise<Buffer | null> {
    while (this.#pending.length < n) {
      if (!(await this.#more())) {
        if (this.#pending.length === 0) return null;
        throw new Error("tar: the archive ends in the middle of an entry (truncated?)");
      }
    }
    const out = this.#pending.subarray(0, n);
    this.#pending = this.#pending.subarray(n);
    return out;
  }

  /** n bytes in the chunks they arrive in. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.#pending.length === 0 && !(await this.#more())) throw new Error("tar: the archive ends in the middle of an entry (truncated?)");
      const piece = this.#pending.subarray(0, Math.min(left, this.#pending.length));
      this.#pending = this.#pending.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
}

const readString = (block: Buffer, offset: number, length: number) => {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
};

const readOctal = (block: Buffer, offset: number, length: number) => {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error("tar: a header holds a malformed number");
  return text ? Number.parseInt(text, 8) : 0;
};

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === readOctal(block, 148, 8);
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space === -1) break;
    const length = Number.parseInt(data.subarray(offset, space).toString("utf8"), 10);
    if (!Number.isFinite(length) || length <= 0) throw new Error("tar: a malformed pax record");
    const record = data.subarray(space + 1, offset + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return records;
}

/** The entries of a tar stream (files and directories; pax path and size records applied). */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarReadEntry> {
  const reader = new ByteReader(source);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.take(BLOCK);
    if (!block) throw new Error("tar: the archive ends without its end marker (truncated?)");
    if (block.every((byte) => byte === 0)) return;
    if (!checksumOk(block)) throw new Error("tar: a header's checksum is wrong (not a tar archive, or a damaged one)");
    const type = String.fromCharCode(block[156]!) || "0";
    let size = readOctal(block, 124, 12);
    if (type === "x" || type === "g") {
      const data = (await reader.take(size + padding(size).length)) ?? Buffer.alloc(0);
      if (type === "x") pax = parsePax(data.subarray(0, size));
      continue;
    }
    const prefix = readString(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100));
    if (pax.size) size = Number.parseInt(pax.size, 10);
    pax = {};
    if (type !== "0" && type !== "\0" && type !== "5") throw new Error(`tar: ${name} is neither a file nor a folder (type ${type}); refused`);
    let consumed = false;
    const body = async function* () {
      if (consumed) throw new Error(`tar: the body of ${name} was already read`);
      consumed = true;
      yield* reader.chunks(size);
    };
    yield { name, size, type: type === "5" ? "directory" : "file", body };
    if (!consumed) for await (const _ of reader.chunks(size)) void _;
    await reader.take(padding(size).length);
  }
}
