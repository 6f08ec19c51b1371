/**
 * /api/admin/audio/uploads/* (admin only): the tus resumable-upload endpoint
 * of /admin/audio. The guard of defineRoute runs first for every method; then
 * the request goes to @tus/server unread (app/audio-uploads/tus.server.ts,
 * docs/decisions/0085-audio-uploads-tus-drafts.md). A resource route: no page.
 */
import { tusEndpoint } from "~/audio-uploads/tus.server";
import { defineRoute } from "~/routing/route.server";

const route = defineRoute({
  access: "admin",
  resource: true,
  protocol: ({ request, viewer, db, storage }) => tusEndpoint().handle(request, { actor: viewer, db, storage }),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
