/**
 * GET /media/avatars/:userId?size=sm|md|lg&v=<version>: a member's profile
 * picture (a resource route: no page). docs/decisions/0060-avatars.md.
 *
 * Anyone may see the picture of a profile that is public (a member's profile
 * listed in the directory); a private profile's picture only its owner and
 * admins, everyone else gets 404, as for the profile itself. The URL carries
 * the version (avatarSrc), so an answer may be kept a day by the browser
 * (private: the answer depends on who asks); revalidation uses the ETag.
 */
import { defineRoute } from "~/routing/route.server";
import { serveStoredObject } from "~/platform/storage/serve.server";
import { isAvatarSize } from "~/profile/avatar";
import { avatarObject } from "~/profile/avatar.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a browser may reuse a versioned picture. */
export const AVATAR_MAX_AGE_S = 24 * 60 * 60;

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const route = defineRoute({
  access: "public-viewer",
  resource: true,
  async load({ request, params, url, viewer, db, storage }) {
    const userId = params.userId ?? "";
    if (!UUID.test(userId)) return plain(404, "Not Found");
    const size = url.searchParams.get("size") ?? "md";
    if (!isAvatarSize(size)) return plain(400, "Bad Request: size must be sm, md or lg.");

    const profile = await db
      .selectFrom("profiles")
      .select(["avatar_url", "public_profile", "role"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const visible = profile && ((profile.public_profile && profile.role !== null) || viewer?.id === userId || viewer?.isAdmin);
    const object = visible ? avatarObject(userId, profile.avatar_url, size) : null;
    if (!object) return plain(404, "Not Found");

    const current = profile!.avatar_url!.split("/").pop();
    const maxAge = url.searchParams.get("v") === current ? AVATAR_MAX_AGE_S : 0;
    return serveStoredObject(request, storage, object.bucket, object.path, { maxAgeSeconds: maxAge });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
