import { useFetcher, useLocation } from "@remix-run/react";
import { THEMES, type ThemePreference } from "~/shared/constants";
import * as styles from "./layout.css";

const LABELS: Record<ThemePreference, string> = { light: "Light theme", dark: "Dark theme", system: "System theme" };

function ThemeIcon({ theme }: { theme: ThemePreference }) {
  const common = { width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, "aria-hidden": true } as const;
  if (theme === "light")
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    );
  if (theme === "dark")
    return (
      <svg {...common}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    );
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}

/**
 * A plain form post: works without JavaScript (full page redirect back), and
 * with JavaScript submits through a fetcher so the page does not navigate.
 */
export function ThemeSwitch({ theme }: { theme: ThemePreference }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const current = (typeof pending === "string" ? pending : theme) as ThemePreference;
  return (
    <fetcher.Form method="post" action="/theme" className={styles.themeForm} aria-label="Colour theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {THEMES.map((value) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          className={styles.themeButton}
          aria-pressed={current === value}
          aria-label={LABELS[value]}
          title={LABELS[value]}
        >
          <ThemeIcon theme={value} />
        </button>
      ))}
    </fetcher.Form>
  );
}
