/** PLACEHOLDER (issue 11 in progress): replaced by the area's helper. */
import { defineRoute } from "~/routing/route.server";

const route = defineRoute({
  access: "admin",
  load: () => ({ title: "Submission" }),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export default function Placeholder() {
  return <h1>Submission</h1>;
}
