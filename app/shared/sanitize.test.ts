import { describe, expect, it } from "vitest";
import { GENERIC_ERROR_MESSAGE, lengthMessage, sanitizeText, scrubErrorText } from "./sanitize";

describe("sanitizeText (SPEC §5)", () => {
  it("trims and cuts to 1000 characters", () => {
    expect(sanitizeText("  hello  ")).toBe("hello");
    expect(sanitizeText("a".repeat(1500))).toHaveLength(1000);
  });
  it("strips tags but keeps their text", () => {
    expect(sanitizeText("<b>Bold</b> and <i>italic</i>")).toBe("Bold and italic");
    expect(sanitizeText('<script>alert("x")</script>')).toBe('alert("x")');
  });
  it("removes stray angle brackets", () => {
    expect(sanitizeText("1 < 2 > 0")).toBe("1  2  0");
  });
  it("removes the javascript:, data: and vbscript: schemes in any case", () => {
    expect(sanitizeText("javascript:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("DATA:text/html")).toBe("text/html");
    expect(sanitizeText("VbScript:msgbox")).toBe("msgbox");
    expect(sanitizeText("javajavascript:script:alert(1)")).toBe("alert(1)");
  });
  it("cuts before stripping, as SPEC orders it", () => {
    // The cut leaves "<b" (no longer a whole tag), so only "<" is removed.
    const input = "x".repeat(998) + "<b>";
    expect(sanitizeText(input)).toBe("x".repeat(998) + "b");
  });
  it("turns null and undefined into empty text", () => {
    expect(sanitizeText(null)).toBe("");
    expect(sanitizeText(undefined)).toBe("");
  });
});

describe("lengthMessage", () => {
  it("uses SPEC's wording", () => {
    expect(lengthMessage("Bio", 1000)).toBe("Bio must be no more than 1000 characters");
  });
});

describe("scrubErrorText (SPEC §8)", () => {
  it("replaces IP addresses, e-mails and long tokens", () => {
    const text = scrubErrorText(
      "connect ECONNREFUSED 10.0.0.12:5432 for jane.doe@example.com with key sk_live_abc123DEF456ghi789JKL012",
    );
    expect(text).toBe("connect ECONNREFUSED [IP]:5432 for [EMAIL] with key [TOKEN]");
  });
  it("replaces IPv6 addresses, full or compressed, but not clock times", () => {
    expect(scrubErrorText("from 2001:db8:85a3::8a2e:370:7334 failed")).toBe("from [IP] failed");
    expect(scrubErrorText("from 2001:0db8:85a3:0000:0000:8a2e:0370:7334 failed")).toBe("from [IP] failed");
    expect(scrubErrorText("bound to ::1 port 80")).toBe("bound to [IP] port 80");
    expect(scrubErrorText("Timed out at 12:30:45")).toBe("Timed out at 12:30:45");
    expect(scrubErrorText("Foo::bar is not a function")).toBe("Foo::bar is not a function");
    expect(scrubErrorText("link-local fe80:: unreachable")).toBe("link-local [IP] unreachable");
  });
  it("cuts to 200 characters", () => {
    expect(scrubErrorText("word ".repeat(100))).toHaveLength(200);
  });
  it("accepts Error objects and falls back to the generic message", () => {
    expect(scrubErrorText(new Error("boom"))).toBe("boom");
    expect(scrubErrorText("")).toBe(GENERIC_ERROR_MESSAGE);
    expect(GENERIC_ERROR_MESSAGE).toBe("An error occurred. Please try again.");
  });
  it("keeps ordinary words", () => {
    expect(scrubErrorText("Song not found")).toBe("Song not found");
  });
});
