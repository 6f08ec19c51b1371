/**
 * Signed URLs for objects that may live in several buckets, one
 * createSignedUrls call per bucket (the port signs a list within one bucket).
 * Answers a lookup by bucket and path.
 */
import type { StoragePort } from "./port";

export interface StoredObject {
  bucket: string;
  path: string;
}

export async function signObjects(storage: StoragePort, objects: readonly StoredObject[], expiresIn: number): Promise<(object: StoredObject) => string> {
  const byBucket = new Map<string, string[]>();
  for (const { bucket, path } of objects) byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), path]);
  const urls = new Map<string, string>();
  await Promise.all(
    [...byBucket].map(async ([bucket, paths]) => {
      const signed = await storage.createSignedUrls(bucket, paths, expiresIn);
      paths.forEach((path, index) => urls.set(`${bucket}/${path}`, signed[index]!));
    }),
  );
  return ({ bucket, path }) => urls.get(`${bucket}/${path}`)!;
}
