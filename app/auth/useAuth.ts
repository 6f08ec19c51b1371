/**
 * The browser's view of auth (SPEC §3 "Auth context"): the current user, the
 * role, a loading flag and an always-empty error, with signOut, refreshAuth
 * and clearError. Everything comes from the root loader: the browser never
 * holds a token, so there is no client session to read or refresh; refreshAuth
 * asks the server again (which refreshes the session when it needs to).
 *
 * The role ("anonymous" when signed out, "user" before any product role) is
 * tagged for error monitoring when Sentry is configured (SPEC §6).
 */
import { useFetcher, useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import type { Viewer } from "./viewer";
import type { ClientSessionState } from "./session-state";

interface RootAuthData {
  viewer: Viewer | null;
  sessionTimeout?: ClientSessionState | null;
}

export type MonitoringRole = "anonymous" | "user" | NonNullable<Viewer["role"]>;

export function monitoringRole(viewer: Viewer | null): MonitoringRole {
  if (!viewer) return "anonymous";
  if (viewer.isAdmin) return "admin";
  return viewer.role ?? "user";
}

export function useAuth() {
  const root = useRouteLoaderData("root") as RootAuthData | undefined;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const signOutFetcher = useFetcher();
  const user = root?.viewer ?? null;
  const role = monitoringRole(user);

  useEffect(() => {
    if (typeof window === "undefined" || !window.ENV?.SENTRY_DSN) return;
    // Loaded only when monitoring is on: no Sentry code for everyone else.
    import("@sentry/remix").then((Sentry) => Sentry.setTag("role", role)).catch(() => undefined);
  }, [role]);

  const signOut = useCallback(() => {
    signOutFetcher.submit({}, { method: "post", action: "/auth/sign-out" });
  }, [signOutFetcher]);
  const refreshAuth = useCallback(() => revalidator.revalidate(), [revalidator]);
  const clearError = useCallback(() => undefined, []);

  return {
    user,
    role,
    /** Timing of the session (never its tokens). */
    session: user ? (root?.sessionTimeout ?? null) : null,
    loading: navigation.state === "loading" || revalidator.state === "loading" || signOutFetcher.state !== "idle",
    /** SPEC §3: always empty. */
    error: null,
    signOut,
    refreshAuth,
    clearError,
  };
}
