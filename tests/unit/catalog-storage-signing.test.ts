import { describe, expect, it } from "vitest";
import { deriveStorageKey, signObjectUrl, signToken, tokenSecondsLeft, verifyToken } from "~/platform/storage/signing.server";
import { parseStorageUrl } from "~/platform/storage/parse-url";
import { SIGNED_URL_TTL_S } from "~/shared/constants";

const key = deriveStorageKey("a-session-secret-of-at-least-32-characters");
const now = new Date("2026-01-01T12:00:00Z");
const seconds = Math.floor(now.getTime() / 1000);

function tokenOf(url: string) {
  return new URL(url, "http://x").searchParams.get("token");
}

describe("signed storage URLs", () => {
  it("signs for 3600 s by default and verifies until then", () => {
    const url = signObjectUrl(key, "audio", "demo/song one.wav", undefined, now);
    expect(url).toMatch(/^\/storage\/v1\/object\/sign\/audio\/demo\/song%20one\.wav\?token=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(parseStorageUrl(url)).toEqual({ bucket: "audio", path: "demo/song one.wav" });
    const token = tokenOf(url);
    expect(token?.split(".")[0]).toBe(String(seconds + SIGNED_URL_TTL_S));
    expect(verifyToken(key, "audio", "demo/song one.wav", token, now)).toBe("valid");
    expect(verifyToken(key, "audio", "demo/song one.wav", token, new Date(now.getTime() + (SIGNED_URL_TTL_S - 1) * 1000))).toBe("valid");
    expect(verifyToken(key, "audio", "demo/song one.wav", token, new Date(now.getTime() + SIGNED_URL_TTL_S * 1000))).toBe("expired");
    expect(tokenSecondsLeft(token, now)).toBe(SIGNED_URL_TTL_S);
  });

  it("refuses a token moved to another object, bucket or expiry, or made with another key", () => {
    const token = signToken(key, "audio", "a.wav", seconds + 60);
    expect(verifyToken(key, "audio", "b.wav", token, now)).toBe("invalid");
    expect(verifyToken(key, "artwork", "a.wav", token, now)).toBe("invalid");
    const [, mac] = token.split(".");
    expect(verifyToken(key, "audio", "a.wav", `${seconds + 999_999}.${mac}`, now)).toBe("invalid");
    const otherKey = deriveStorageKey("another-session-secret-of-32-characters!!");
    expect(verifyToken(otherKey, "audio", "a.wav", token, now)).toBe("invalid");
  });

  it("refuses missing and malformed tokens without throwing", () => {
    for (const token of [null, "", "abc", "123.", ".abc", "123.abc", `${seconds}.${"A".repeat(44)}`, "x".repeat(5000)]) {
      expect(verifyToken(key, "audio", "a.wav", token, now)).toBe("invalid");
    }
    expect(tokenSecondsLeft("garbage", now)).toBe(0);
  });

  it("flipping any character of the MAC is detected", () => {
    const token = signToken(key, "audio", "a.wav", seconds + 60);
    const [expiry, mac] = token.split(".");
    for (let i = 0; i < mac.length; i += 7) {
      const flipped = mac.slice(0, i) + (mac[i] === "A" ? "B" : "A") + mac.slice(i + 1);
      expect(verifyToken(key, "audio", "a.wav", `${expiry}.${flipped}`, now)).toBe("invalid");
    }
  });

  it("will not sign an unsafe path or a non-positive lifetime", () => {
    expect(() => signObjectUrl(key, "audio", "../x.wav")).toThrow();
    expect(() => signObjectUrl(key, "audio", "x.wav", 0)).toThrow(RangeError);
  });
});
