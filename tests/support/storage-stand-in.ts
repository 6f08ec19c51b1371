/**
 * A local stand-in for Supabase Storage's REST API over real HTTP, so the
 * Supabase storage adapter is tested at its HTTP boundary (Supabase's own
 * services cannot run here). Objects live in memory.
 *
 * Endpoints (under /storage/v1), with Storage's answers:
 *   POST|PUT /object/<bucket>/<path>            upload (x-upsert), -> { Key, Id }
 *   GET      /object/<bucket>/<path>            download (also /object/authenticated/...), Range
 *   GET      /object/info/<bucket>/<path>       metadata (snake_case, as Storage sends it)
 *   DELETE   /object/<bucket>  {prefixes}       remove, -> removed objects
 *   POST     /object/sign/<bucket>/<path>       {expiresIn} -> { signedURL }
 *   POST     /object/sign/<bucket>              {expiresIn, paths} -> [{ path, signedURL, error }]
 *   POST     /object/list/<bucket>  {prefix, limit, offset, sortBy}  one folder level: folders with a
 *                                              null id, objects with metadata (size, mimetype)
 *   GET      /object/sign/<bucket>/<path>?token read through a signed URL, Range
 * Every call except signed reads needs `apikey` and `Authorization: Bearer` with the key.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

interface StoredObject {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  id: string;
}

export interface StorageStandIn {
  url: string;
  key: string;
  objects: Map<string, StoredObject>;
  requests: { method: string; path: string; range: string | null; body?: unknown }[];
  close(): Promise<void>;
}

const SIGNING_KEY = crypto.randomBytes(32);

function sign(bucket: string, path: string, exp: number): string {
  const payload = Buffer.from(JSON.stringify({ url: `${bucket}/${path}`, exp })).toString("base64url");
  const mac = crypto.createHmac("sha256", SIGNING_KEY).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

function verify(token: string, bucket: string, path: string): "ok" | "invalid" | "expired" {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return "invalid";
  const expected = crypto.createHmac("sha256", SIGNING_KEY).update(payload).digest("base64url");
  if (expected !== mac) return "invalid";
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { url: string; exp: number };
  if (claims.url !== `${bucket}/${path}`) return "invalid";
  return claims.exp > Date.now() / 1000 ? "ok" : "expired";
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const notFound = (res: http.ServerResponse) => json(res, 404, { statusCode: "404", error: "not_found", message: "Object not found" });

function splitBucketPath(rest: string): { bucket: string; path: string } {
  const [bucket, ...segments] = rest.split("/");
  return { bucket: decodeURIComponent(bucket ?? ""), path: segments.map(decodeURIComponent).join("/") };
}

function sendObject(req: http.IncomingMessage, res: http.ServerResponse, object: StoredObject) {
  const size = object.bytes.length;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  const headers: http.OutgoingHttpHeaders = {
    "content-type": object.contentType,
    etag: object.etag,
    "last-modified": object.lastModified.toUTCString(),
    "accept-ranges": "bytes",
  };
  if (range) {
    const start = range[1] === "" ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === "" || range[2] === "" ? size - 1 : Math.min(size - 1, Number(range[2]));
    if (start >= size) {
      res.writeHead(416, { "content-range": `bytes */${size}` });
      res.end();
      return;
    }
    res.writeHead(206, { ...headers, "content-range": `bytes ${start}-${end}/${size}`, "content-length": end - start + 1 });
    res.end(object.bytes.subarray(start, end + 1));
    return;
  }
  res.writeHead(200, { ...headers, "content-length": size });
  res.end(object.bytes);
}

export async function startStorageStandIn(key = "service-role-key-for-tests"): Promise<StorageStandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: StorageStandIn["requests"] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    requests.push({ method, path: url.pathname, range: req.headers.range ?? null });

    const prefix = "/storage/v1/object/";
    if (!url.pathname.startsWith(prefix)) return json(res, 404, { message: "no route" });
    const rest = url.pathname.slice(prefix.length);

    // Signed reads carry their own authority (the token).
    if (method === "GET" && rest.startsWith("sign/")) {
      const { bucket, path } = splitBucketPath(rest.slice("sign/".length));
      const check = verify(url.searchParams.get("token") ?? "", bucket, path);
      if (check !== "ok") return json(res, 400, { statusCode: "400", error: "InvalidJWT", message: check === "expired" ? '"exp" claim timestamp check failed' : "invalid signature" });
      const object = objects.get(`${bucket}/${path}`);
      return object ? sendObject(req, res, object) : notFound(res);
    }

    if (req.headers.apikey !== key || req.headers.authorization !== `Bearer ${key}`) {
      return json(res, 403, { statusCode: "403", error: "Unauthorized", message: "invalid key" });
    }

    if (method === "POST" && rest.startsWith("list/")) {
      const bucket = decodeURIComponent(rest.slice("list/".length));
      const options = JSON.parse(body.toString() || "{}") as { prefix?: string; limit?: number; offset?: number };
      requests[requests.length - 1]!.body = options;
      const folder = (options.prefix ?? "").replace(/\/+$/, "");
      const start = folder ? `${bucket}/${folder}/` : `${bucket}/`;
      const level = new Map<string, unknown>();
      for (const [id, object] of objects) {
        if (!id.startsWith(start)) continue;
        const [name, ...deeper] = id.slice(start.length).split("/");
        if (deeper.length > 0) {
          level.set(name!, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
        } else {
          const stamp = object.lastModified.toISOString();
          level.set(name!, {
            name,
            id: object.id,
            updated_at: stamp,
            created_at: stamp,
            last_accessed_at: stamp,
            metadata: { size: object.bytes.length, mimetype: object.contentType, eTag: object.etag, lastModified: stamp },
          });
        }
      }
      // Storage sorts by name in the database's collation ("C" here).
      const sorted = [...level.entries()].sort(([a], [b]) => (Buffer.compare(Buffer.from(a), Buffer.from(b)))).map(([, entry]) => entry);
      const offset = options.offset ?? 0;
      return json(res, 200, sorted.slice(offset, offset + (options.limit ?? 100)));
    }

    if (method === "POST" && rest.startsWith("sign/")) {
      const target = rest.slice("sign/".length);
      const request = JSON.parse(body.toString() || "{}") as { expiresIn: number; paths?: string[] };
      const exp = Math.floor(Date.now() / 1000) + request.expiresIn;
      if (!target.includes("/")) {
        const bucket = decodeURIComponent(target);
        return json(
          res,
          200,
          (request.paths ?? []).map((path) =>
            objects.has(`${bucket}/${path}`)
              ? { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${sign(bucket, path, exp)}` }
              : { error: "Either the object does not exist or you do not have access to it", path, signedURL: null },
          ),
        );
      }
      const { bucket, path } = splitBucketPath(target);
      if (!objects.has(`${bucket}/${path}`)) return notFound(res);
      return json(res, 200, { signedURL: `/object/sign/${bucket}/${path}?token=${sign(bucket, path, exp)}` });
    }

    if (method === "GET" && rest.startsWith("info/")) {
      const { bucket, path } = splitBucketPath(rest.slice("info/".length));
      const object = objects.get(`${bucket}/${path}`);
      if (!object) return notFound(res);
      return json(res, 200, {
        id: object.id,
        name: path,
        bucket_id: bucket,
        version: object.id,
        size: object.bytes.length,
        content_type: object.contentType,
        cache_control: "max-age=3600",
        etag: object.etag,
        metadata: {},
        last_modified: object.lastModified.toISOString(),
        created_at: object.lastModified.toISOString(),
      });
    }

    if (method === "GET") {
      const target = rest.startsWith("authenticated/") ? rest.slice("authenticated/".length) : rest;
      const { bucket, path } = splitBucketPath(target);
      const object = objects.get(`${bucket}/${path}`);
      return object ? sendObject(req, res, object) : notFound(res);
    }

    if (method === "POST" || method === "PUT") {
      const { bucket, path } = splitBucketPath(rest);
      const id = `${bucket}/${path}`;
      if (method === "POST" && objects.has(id) && req.headers["x-upsert"] !== "true") {
        return json(res, 400, { statusCode: "409", error: "Duplicate", message: "The resource already exists" });
      }
      objects.set(id, {
        bytes: body,
        contentType: String(req.headers["content-type"] ?? "application/octet-stream"),
        etag: `"${crypto.createHash("md5").update(body).digest("hex")}"`,
        lastModified: new Date(),
        id: crypto.randomUUID(),
      });
      return json(res, 200, { Key: id, Id: objects.get(id)!.id });
    }

    if (method === "DELETE") {
      const bucket = decodeURIComponent(rest);
      const { prefixes = [] } = JSON.parse(body.toString() || "{}") as { prefixes?: string[] };
      const removed = prefixes.filter((path) => objects.delete(`${bucket}/${path}`)).map((name) => ({ name, bucket_id: bucket }));
      return json(res, 200, removed);
    }

    json(res, 404, { message: "no route" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
