/**
 * Text for assistive technology only. Uses the global "visually-hidden" class
 * (app/styles/global.css.ts) rather than display:none, which would hide it
 * from screen readers too.
 */
import type { HTMLAttributes } from "react";

export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={className ? `visually-hidden ${className}` : "visually-hidden"} {...rest} />;
}
