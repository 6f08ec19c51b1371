/**
 * redactUrl: the secrets in a URL (share tokens in the path, token/code query
 * values, the same inside an encoded redirect) become "[redacted]"; the rest
 * of the URL stays as it was.
 */
import { describe, expect, it } from "vitest";
import { REDACTED, redactUrl } from "~/platform/http/redact-url";

const SHARE = "Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE"; // 43 chars, like a share token
const OFFER = "offerTokenSecretValue-0123456789";
const SONG = "0b7f3a52-8a8e-4c3e-9f7e-1f2a3b4c5d6e";
const R = encodeURIComponent(REDACTED);

describe("redactUrl", () => {
  it("redacts share tokens in the listen paths, keeping the song id and the rest", () => {
    expect(redactUrl(`/listen/${SHARE}`)).toBe(`/listen/${REDACTED}`);
    expect(redactUrl(`/listen/${SHARE}?x=1`)).toBe(`/listen/${REDACTED}?x=1`);
    expect(redactUrl(`/api/listen/${SHARE}/${SONG}`)).toBe(`/api/listen/${REDACTED}/${SONG}`);
    expect(redactUrl(`/api/listen/${SHARE}/${SONG}?fresh=1`)).toBe(`/api/listen/${REDACTED}/${SONG}?fresh=1`);
    // Any value, even a malformed or percent-encoded one.
    expect(redactUrl(`/listen/abc%2Fdef`)).toBe(`/listen/${REDACTED}`);
  });

  it("redacts token and code query values, whatever their position and case", () => {
    expect(redactUrl(`/accept?token=${OFFER}`)).toBe(`/accept?token=${REDACTED}`);
    expect(redactUrl(`/auth/verify?email=a%40b.test&code=123456&step=2`)).toBe(`/auth/verify?email=a%40b.test&code=${REDACTED}&step=2`);
    expect(redactUrl(`/x?TOKEN=${OFFER}`)).toBe(`/x?TOKEN=${REDACTED}`);
    expect(redactUrl(`/x?offerToken=${OFFER}&client_secret=s3cr3t`)).toBe(`/x?offerToken=${REDACTED}&client_secret=${REDACTED}`);
    expect(redactUrl(`/storage/v1/object/sign/audio/a.mp3?token=1790000000.mac`)).toBe(`/storage/v1/object/sign/audio/a.mp3?token=${REDACTED}`);
    // A name written encoded is still the name.
    expect(redactUrl(`/accept?%74oken=${OFFER}`)).toBe(`/accept?%74oken=${REDACTED}`);
    // Nothing secret: unchanged, byte for byte.
    for (const url of ["/", "/music-catalog?q=love+song&genre=pop&page=2", "/members/profile", "/x?flag", "/x?empty=", "/a?b=%2Fc%3Fd%3De"]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it("redacts inside an encoded redirect value, once or twice encoded", () => {
    const once = `/auth?redirect=${encodeURIComponent(`/accept?token=${OFFER}`)}`;
    expect(redactUrl(once)).toBe(`/auth?redirect=${encodeURIComponent("/accept?token=")}${R.replace(/%5B/g, "[").replace(/%5D/g, "]")}`);
    expect(redactUrl(once)).not.toContain(OFFER);
    const listen = `/auth/sign-in?redirectTo=${encodeURIComponent(`/listen/${SHARE}`)}&x=1`;
    expect(redactUrl(listen)).not.toContain(SHARE);
    expect(redactUrl(listen)).toContain("&x=1");
    const twice = `/auth?next=${encodeURIComponent(`/auth?redirect=${encodeURIComponent(`/accept?token=${OFFER}`)}`)}`;
    expect(redactUrl(twice)).not.toContain(OFFER);
    expect(redactUrl(twice)).not.toContain(encodeURIComponent(OFFER));
    expect(decodeURIComponent(decodeURIComponent(redactUrl(twice)))).toContain(`token=${REDACTED}`);
    // A redirect whose value is a bare query string.
    expect(redactUrl(`/x?state=${encodeURIComponent(`a=1&code=${OFFER}`)}`)).not.toContain(OFFER);
    // Deeper than followed: the whole value is dropped rather than logged.
    let deep = `/accept?token=${OFFER}`;
    for (let i = 0; i < 8; i++) deep = `/auth?redirect=${encodeURIComponent(deep)}`;
    expect(redactUrl(deep)).not.toContain(OFFER);
    expect(redactUrl(deep)).not.toContain(encodeURIComponent(OFFER));
  });

  it("redacts an absolute Referer, its fragment, and never throws on broken encoding", () => {
    expect(redactUrl(`https://hitfactory.example/listen/${SHARE}`)).toBe(`https://hitfactory.example/listen/${REDACTED}`);
    expect(redactUrl(`https://hitfactory.example/accept?token=${OFFER}#top`)).toBe(`https://hitfactory.example/accept?token=${REDACTED}#top`);
    expect(redactUrl(`https://x.example/cb#access_token=${OFFER}&type=recovery`)).toBe(`https://x.example/cb#access_token=${REDACTED}&type=recovery`);
    expect(redactUrl(`/auth?redirect=%E0%A4%A/accept?token=${OFFER}`)).not.toContain(OFFER);
    expect(redactUrl(`/auth?redirect=%ZZ${OFFER}`)).toBe(`/auth?redirect=${REDACTED}`);
    expect(redactUrl("")).toBe("");
  });
});

describe("a feed path with dot segments", () => {
  it("is redacted as the router reads it", () => {
    for (const path of ["/calendar/./feed/abc123secret", "/calendar/x/../feed/abc123secret", "/calendar/%2e/feed/abc123secret", "/a/../calendar/feed/abc123secret.ics"]) {
      expect(redactUrl(path)).not.toContain("abc123secret");
      expect(redactUrl(path)).toContain(REDACTED);
    }
    expect(redactUrl("/songs/./a.b")).toBe("/songs/./a.b");
  });
});
