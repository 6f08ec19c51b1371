import { useEffect, useState } from "react";

/**
 * False during the server render and the hydration render, true afterwards.
 * Lets components render client-only UI (portals, JS-only buttons) without a
 * hydration mismatch.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
