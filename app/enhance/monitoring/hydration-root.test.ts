// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { TEXT } from "~/shared/constants";
import { hydrationRoot } from "./hydration-root";

describe("hydrationRoot", () => {
  it("returns the document when it has a root element and a body", () => {
    const doc = document.implementation.createHTMLDocument("page");
    expect(hydrationRoot(doc)).toBe(doc);
  });

  it("throws 'Root element not found' when the document has no root element", () => {
    const doc = document.implementation.createHTMLDocument("page");
    doc.removeChild(doc.documentElement);
    expect(() => hydrationRoot(doc)).toThrow(new Error("Root element not found"));
    expect(TEXT.rootElementMissing).toBe("Root element not found");
  });

  it("throws when the root element has no body", () => {
    const doc = document.implementation.createHTMLDocument("page");
    doc.documentElement.removeChild(doc.body);
    expect(() => hydrationRoot(doc)).toThrow("Root element not found");
  });
});
