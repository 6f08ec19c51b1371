/** /catalog: the old address of the catalogue; SPEC §2 sends it to /music-catalog, keeping the query. */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

// Public like its target: no guard. Only the query string is carried over,
// never a user-supplied path, so this cannot redirect off the site.
function target(request: Request) {
  return `/music-catalog${new URL(request.url).search}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(target(request), 301);
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect(target(request), 301);
}
