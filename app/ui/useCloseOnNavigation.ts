import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * For a menu in a <details> element: closes it when the page changes.
 *
 * Without JavaScript, following a link in the menu loads a new document, where
 * the menu starts closed. With JavaScript, Remix navigates on the client and
 * keeps the element, so the menu would stay open over the next page: this
 * closes it whenever the location changes (a link, Back, a form's redirect).
 * The first render is left alone, so a menu opened before hydration stays open.
 */
export function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  return ref;
}
