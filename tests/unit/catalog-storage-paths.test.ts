import { describe, expect, it } from "vitest";
import { assertValidObject, encodeObjectPath, InvalidStoragePathError, isValidBucket, objectPathProblem } from "~/platform/storage/paths";

describe("storage bucket names and object paths", () => {
  it("accepts ordinary nested paths", () => {
    expect(objectPathProblem("catalogue/2f1c/audio.wav")).toBeNull();
    expect(objectPathProblem("a b/ç é/file (1).png")).toBeNull();
    expect(isValidBucket("audio")).toBe(true);
    expect(isValidBucket("catalogue-artwork_2")).toBe(true);
  });

  it.each([
    ["../secret", "'.' or '..'"],
    ["a/../../etc/passwd", "'.' or '..'"],
    ["a/./b", "'.' or '..'"],
    ["..", "'.' or '..'"],
    ["/etc/passwd", "absolute"],
    ["a\\..\\b", "backslash"],
    ["a\u0000b", "control character"],
    ["a\nb", "control character"],
    ["C:/Windows", "drive"],
    ["a//b", "empty segment"],
    ["a/", "empty segment"],
    ["", "empty"],
    ["x".repeat(501), "longer than"],
  ])("refuses %j (%s)", (path, reason) => {
    expect(objectPathProblem(path)).toContain(reason);
    expect(() => assertValidObject("audio", path)).toThrow(InvalidStoragePathError);
  });

  it.each(["", ".meta", "..", "Audio", "a/b", "-x", "a".repeat(64)])("refuses bucket %j", (bucket) => {
    expect(isValidBucket(bucket)).toBe(false);
    expect(() => assertValidObject(bucket, "file.wav")).toThrow(InvalidStoragePathError);
  });

  it("encodes each segment for URLs but keeps the slashes", () => {
    expect(encodeObjectPath("a b/c#d?/e%.wav")).toBe("a%20b/c%23d%3F/e%25.wav");
  });
});
