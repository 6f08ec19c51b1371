/**
 * Token material for the embedded adapter, all derived from the runtime's
 * session secret with a distinct label per use, so no two features share a key.
 *
 *  - Access tokens: HS256 JWTs (jose), Supabase's claims (sub, session_id, role...).
 *  - Refresh tokens: an HMAC of the token row's id. The database keeps only a
 *    SHA-256 of the token, yet the server can re-derive a live token from its
 *    row, which the reuse interval needs (two tabs refreshing at once get the
 *    same child token instead of tripping reuse detection).
 *  - One-time codes: six digits, stored as an HMAC bound to the recipient.
 */
import crypto from "node:crypto";
import { SignJWT, compactVerify } from "jose";
import type { AuthUser } from "./port";

export const LOCAL_ISSUER = "hit-factory/auth";
export const ACCESS_TOKEN_AUDIENCE = "authenticated";

export function deriveKey(secret: string, label: string): Buffer {
  return crypto.createHmac("sha256", secret).update(`hit-factory:${label}`).digest();
}

export interface AccessTokenClaims {
  sub: string;
  session_id: string;
  email: string | null;
  phone: string | null;
  user_metadata: AuthUser["user_metadata"];
  role: "authenticated";
  aal: "aal1" | "aal2";
  exp: number;
  iat: number;
  iss: string;
  aud: string;
}

export async function signAccessToken(
  secret: string,
  user: AuthUser,
  sessionId: string,
  issuedAtSeconds: number,
  ttlSeconds: number,
  aal: "aal1" | "aal2" = "aal1",
): Promise<string> {
  return new SignJWT({
    session_id: sessionId,
    email: user.email,
    phone: user.phone,
    user_metadata: user.user_metadata,
    role: "authenticated",
    aal,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(LOCAL_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAtSeconds)
    .setExpirationTime(issuedAtSeconds + ttlSeconds)
    .sign(deriveKey(secret, "access-token"));
}

/**
 * Checks the signature only and returns the claims, expired or not: callers
 * decide what an expired token means (refresh it, or sign out with it).
 */
export async function readAccessToken(secret: string, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload, protectedHeader } = await compactVerify(token, deriveKey(secret, "access-token"), {
      algorithms: ["HS256"],
    });
    if (protectedHeader.alg !== "HS256") return null;
    const claims = JSON.parse(new TextDecoder().decode(payload)) as AccessTokenClaims;
    if (claims.iss !== LOCAL_ISSUER || typeof claims.sub !== "string" || typeof claims.session_id !== "string") return null;
    return claims;
  } catch {
    return null;
  }
}

export function refreshTokenForRow(secret: string, rowId: string): string {
  return crypto.createHmac("sha256", deriveKey(secret, "refresh-token")).update(rowId).digest("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function hashCode(secret: string, recipient: string, code: string): string {
  return crypto.createHmac("sha256", deriveKey(secret, "one-time-code")).update(`${recipient}\n${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** The provider's session id from an access token the provider has already verified. */
/**
 * The `sub` (user id) of an access token, read without verifying it: use it
 * only for a token the provider has just verified (e.g. refused for a ban).
 */
export function subjectOf(accessToken: string): string | null {
  const [, payload] = accessToken.split(".");
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown };
    return typeof claims.sub === "string" && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : null;
  } catch {
    return null;
  }
}

export function sessionIdOf(accessToken: string): string | null {
  const [, payload] = accessToken.split(".");
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { session_id?: unknown };
    return typeof claims.session_id === "string" ? claims.session_id : null;
  } catch {
    return null;
  }
}
