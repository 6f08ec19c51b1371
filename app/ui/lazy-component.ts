import { lazy, type ComponentType } from "react";

/**
 * React.lazy for a component that renders nothing on the server (it shows only
 * after something happens in the browser), with `preload()`. Once loaded it
 * resolves synchronously (a thenable that calls back at once: React 18 then
 * renders it without suspending), so later renders, and tests that preload
 * it, never pass through the Suspense fallback. Its code is a chunk of its
 * own, no part of any page's first-load JavaScript (docs/decisions/0038).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const preload = (): Promise<T> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed fetch may be retried on the next render
        throw error;
      },
    ));
  const Component = lazy<T>(() => {
    if (loaded) {
      const ready = { default: loaded };
      return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return Object.assign(Component, { preload });
}
