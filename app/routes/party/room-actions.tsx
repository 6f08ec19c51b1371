/**
 * POST /party/:partyId/actions: the room's forms (app/party/room-forms.server.ts)
 * for the room's script, answered as JSON `{ intent, result }` with the
 * form's status, so a refusal or a dropped connection is the form's error
 * and never takes the page down. The same guard, pipeline and checks as the
 * room's page; GET is 405.
 */
import { roomForms } from "~/party/room-forms.server";
import { defineRoute, methodNotAllowed } from "~/routing/route.server";

const route = defineRoute({
  access: "member",
  resource: true,
  load: () => methodNotAllowed("POST"),
  forms: roomForms,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
