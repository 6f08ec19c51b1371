/** Where the profile shows up, stated plainly next to the form. */
import { Link } from "@remix-run/react";
import { isMember } from "~/auth/viewer";
import type { Role } from "~/shared/constants";
import * as page from "~/layout/page.css";

export function ProfileVisibility({ userId, role, publicProfile }: { userId: string; role: Role | null; publicProfile: boolean }) {
  if (!isMember({ role })) {
    return (
      <p className={page.muted}>
        Your profile joins the member directory once your application is accepted. Until then only you and the team see it.
      </p>
    );
  }
  if (!publicProfile) {
    return <p className={page.muted}>Your profile is private: it is not listed in the member directory.</p>;
  }
  return (
    <p>
      Your profile is public. <Link to={`/members/${userId}`}>See it as others do</Link>.
    </p>
  );
}
