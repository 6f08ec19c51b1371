/**
 * Buttons and button-styled links (SPEC §9: variants and min heights).
 * `buttonClass` is exported so other elements (e.g. a <label> or <summary>)
 * can share the look without a wrapper component.
 */
import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from "react";
import type { BUTTON_VARIANTS, BUTTON_SIZES_PX } from "~/shared/constants";
import * as styles from "./Button.css";

export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = keyof typeof BUTTON_SIZES_PX;

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClass(opts: ButtonStyleProps & { className?: string } = {}): string {
  const { variant = "default", size = "default", className } = opts;
  return [styles.base, styles.variants[variant], styles.sizes[size], className].filter(Boolean).join(" ");
}

/** `aria-disabled` keeps the control focusable (and its tooltip reachable) but inert. */
function isAriaDisabled(value: unknown): boolean {
  return value === true || value === "true";
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleProps;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", onClick, ...rest },
  ref,
) {
  const ariaDisabled = isAriaDisabled(rest["aria-disabled"]);
  return (
    <button
      ref={ref}
      // Default "button" so a Button inside a <form> never submits by accident.
      type={type}
      className={buttonClass({ variant, size, className })}
      onClick={(event) => {
        if (ariaDisabled) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    />
  );
});

export type ButtonLinkProps = LinkProps & ButtonStyleProps;

export function ButtonLink({ variant, size, className, onClick, ...rest }: ButtonLinkProps) {
  const ariaDisabled = isAriaDisabled(rest["aria-disabled"]);
  return (
    <Link
      className={buttonClass({ variant, size, className })}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (ariaDisabled) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    />
  );
}
