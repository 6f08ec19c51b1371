/** /profile/{userId}: the old address of a public profile; SPEC §2 sends it to /members/{userId}. */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

// Public like its target, so there is no guard; /members/{userId} decides what is shown.
const target = (userId: string | undefined) => `/members/${encodeURIComponent(userId ?? "")}`;

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(target(params.userId));
}

export async function action({ params }: ActionFunctionArgs) {
  return redirect(target(params.userId));
}
