/**
 * What the browser hydrates: the whole document, as Remix renders it (the
 * <html> element down). A document with no root element or no body (a page
 * replaced by a browser's error page, a response that was not ours) has
 * nothing to hydrate: SPEC §8's 'Root element not found', thrown before React
 * would fail on it with something less clear.
 */
import { TEXT } from "~/shared/constants";

export function hydrationRoot(doc: Document): Document {
  if (!doc.documentElement || !doc.body) throw new Error(TEXT.rootElementMissing);
  return doc;
}
