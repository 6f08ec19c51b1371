import { describe, expect, it } from "vitest";
import { parseStorageUrl } from "~/platform/storage/parse-url";

describe("parseStorageUrl (SPEC §7)", () => {
  it("reads public and signed URLs, absolute or app-relative", () => {
    expect(parseStorageUrl("https://abc.supabase.co/storage/v1/object/public/audio/catalogue/song.mp3")).toEqual({ bucket: "audio", path: "catalogue/song.mp3" });
    expect(parseStorageUrl("https://abc.supabase.co/storage/v1/object/sign/audio/a/b.wav?token=eyJhbGciOi.x.y")).toEqual({ bucket: "audio", path: "a/b.wav" });
    expect(parseStorageUrl("/storage/v1/object/sign/artwork/demo/v1/x.png?token=123.abc")).toEqual({ bucket: "artwork", path: "demo/v1/x.png" });
    expect(parseStorageUrl("/storage/v1/object/public/audio/x.wav")).toEqual({ bucket: "audio", path: "x.wav" });
  });

  it("decodes percent-encoded segments", () => {
    expect(parseStorageUrl("/storage/v1/object/public/audio/my%20songs/caf%C3%A9.wav")).toEqual({ bucket: "audio", path: "my songs/café.wav" });
  });

  it("returns null for anything else", () => {
    expect(parseStorageUrl("/storage/v1/object/sign/audio/x.wav")).toBeNull(); // signed without a token
    expect(parseStorageUrl("/storage/v1/object/authenticated/audio/x.wav")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/audio/")).toBeNull();
    expect(parseStorageUrl("/music-catalog")).toBeNull();
    expect(parseStorageUrl("javascript:alert(1)//storage/v1/object/public/a/b")).toBeNull();
    expect(parseStorageUrl("blob:https://x/storage/v1/object/public/a/b")).toBeNull();
    expect(parseStorageUrl("")).toBeNull();
    expect(parseStorageUrl("storage/v1/object/public/audio/x.wav")).toBeNull(); // neither absolute nor rooted
    expect(parseStorageUrl("ftp://host/storage/v1/object/public/audio/x.wav")).toBeNull();
    expect(parseStorageUrl("http://[bad")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/Audio/x.wav")).toBeNull(); // not a bucket name
  });

  it("never yields a path that climbs out of its bucket", () => {
    expect(parseStorageUrl("/storage/v1/object/public/audio/a/%2e%2e/%2e%2e/etc/passwd")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/audio/a/../../artwork/x.png")).toBeNull();
    expect(parseStorageUrl("https://host.example/storage/v1/object/sign/audio/../artwork/x.png?token=1.a")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/audio/a%2F..%2F..%2Fsecret")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/audio/a%5C..%5Csecret")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/audio/a%00b")).toBeNull();
    expect(parseStorageUrl("/storage/v1/object/public/audio/%E0%A4%A")).toBeNull(); // malformed escape
  });
});
