/**
 * SPEC section 9 (business constants and limits) and the product strings that
 * SPEC fixes word for word. One module, so a reviewer can diff it against SPEC.
 */

export const PRODUCT_NAME = "The Hit Factory";

// Sessions (SPEC §4, §9)
export const IDLE_TIMEOUT_MS = 900_000;
export const ABSOLUTE_TIMEOUT_MS = 7_200_000;
export const WARNING_BEFORE_IDLE_MS = 120_000;
export const REFRESH_THRESHOLD_MS = 10 * 60_000;
export const SIGN_OUT_THRESHOLD_MS = 2 * 60_000;
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_TICKS = 3;
export const EXPIRY_MARGIN_S = 90;
export const REFRESH_RETRY_INITIAL_MS = 200;
export const REFRESH_RETRY_MAX_MS = 30_000;
export const KEY_SET_CACHE_MS = 10 * 60_000;

// Text (SPEC §5, §8)
export const SANITISED_TEXT_MAX = 1000;
export const ERROR_TEXT_MAX = 200;

// Housekeeping
export const RATE_LIMIT_CLEANUP_MS = 5 * 60_000;

// Toasts
export const TOAST_DURATION_MS = 3000;
export const TOAST_STORE_LIMIT = 1;

// Storage and audio
export const SIGNED_URL_TTL_S = 3600;
export const AUDIO_RETRIES_PER_TRACK = 1;

// Onboarding
export const ONBOARDING_FIRST_LOGIN_WINDOW_MS = 24 * 60 * 60_000;
export const ONBOARDING_NEW_ACCOUNT_WINDOW_MS = 7 * 24 * 60 * 60_000;
export const SHOWCASE_MAX_TRACKS = 5;
export const TOUR_STEPS = 8;
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_DELAY_MS = 500;
export const WELCOME_TO_TOUR_DELAY_MS = 500;

// Layout
export const CURSOR_MOBILE_BREAKPOINT_PX = 767;
export const NARROW_BREAKPOINT_PX = 768;

// Other
export const STATISTICS_REFRESH_MS = 300_000;
export const REFRESH_GUARD_LOADS = 3;
export const REFRESH_GUARD_WINDOW_MS = 30_000;

// Design system (SPEC §9)
export const BUTTON_MIN_HEIGHT_PX = 48;
export const BUTTON_SIZES_PX = { sm: 40, default: 48, lg: 56, xl: 64, icon: 48 } as const;
export const BUTTON_VARIANTS = [
  "uber",
  "uberGhost",
  "uberSubtle",
  "default",
  "destructive",
  "outline",
  "secondary",
  "ghost",
  "link",
] as const;
export const ALERT_VARIANTS = ["default", "destructive"] as const;

// Theme (SPEC §1)
export const THEMES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = "light";

// Roles (SPEC §3, §6)
export const ROLES = ["accepted_ar", "accepted_member", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_USER_ROLE = "user";

// Player (SPEC §4, §5)
export const SEEK_STEP = 0.1;
export const VOLUME_STEP = 0.01;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const DEFAULT_VOLUME = 1;

/** Word-for-word product text from SPEC. */
export const TEXT = {
  loading: "Loading...",
  genericError: "An error occurred. Please try again.",
  lengthMessage: (label: string, max: number) =>
    `${label} must be no more than ${max} characters`,
  signUpMissing: "You must provide either an email or phone number and a password",
  authSessionMissing: "Auth session missing!",
  authSessionOrUserMissing: "Auth session or user missing",
  sessionExpiredTitle: "Session Expired",
  sessionExpiredIdle: "Your session has expired due to inactivity. Please sign in again.",
  sessionExpiredAbsolute: "Your session has reached its maximum duration. Please sign in again.",
  sessionExtendedTitle: "Session Extended",
  sessionExtended: "Your session has been extended.",
  sessionExtensionFailedTitle: "Session Extension Failed",
  sessionExtensionFailed: "Unable to extend your session. Please sign in again.",
  sessionWarningTitle: "Session Timeout Warning",
  sessionWarningText: "Your session will expire due to inactivity in:",
  sessionWarningQuestion: "Would you like to continue your session?",
  signOut: "Sign Out",
  continueSession: "Continue Session",
  profileFetchFailed: "Failed to fetch user profile",
  profileRefetchFailed: "Failed to refetch user profile",
  statisticsFailed: "Failed to fetch statistics",
  invalidFeatureFlags: "Invalid feature flags data",
  rootElementMissing: "Root element not found",
  // Error fallback 1 (route level)
  musicStoppedTitle: "The music stopped playing",
  musicStoppedText:
    "It seems our creative flow hit a snag. Let's get this composition back on track.",
  hitPlayAgain: "Hit Play Again",
  returnToStudio: "Return to Studio",
  musicStoppedSuggestions: [
    "Refresh your browser",
    "Clear your browser cache",
    "Try a different browser",
  ],
  // Error fallback 2 (root)
  somethingWentWrong: "SOMETHING WENT WRONG",
  tryAgain: "Try Again",
  reloadPage: "Reload Page",
  goHome: "Go Home",
  fallbackFooter: "If this problem persists, please contact support or try again later.",
  fallbackFewErrors:
    "An unexpected error has occurred. You can try to continue or reload the page.",
  fallbackManyErrors:
    "Multiple errors detected. The application may be unstable. Please reload the page.",
  /** From this many caught errors on, 'Try Again' is disabled. */
  fallbackManyErrorsFrom: 3,
  // Error fallback 3 (routing)
  unexpectedApplicationError: "Unexpected Application Error!",
  // Floating player (SPEC §2)
  nowPlaying: "Now Playing",
} as const;
