/** The places a person can go next from the dashboard: only ones their role may open. */
import { Link } from "@remix-run/react";
import type { Viewer } from "~/auth/viewer";
import { isAdmin, isApprovedAR, isMember } from "~/auth/viewer";
import * as styles from "./dashboard.css";

interface QuickLink {
  to: string;
  title: string;
  text: string;
}

export function quickLinksFor(viewer: Pick<Viewer, "role" | "isAdmin">): QuickLink[] {
  const links: QuickLink[] = [
    { to: "/profile", title: "Your profile", text: "Keep your credits, skills and genres current." },
    { to: "/music-catalog", title: "Music catalogue", text: "Listen to the songs members have written." },
    { to: "/members", title: "Members", text: "Find collaborators by skill and genre." },
  ];
  if (isMember(viewer)) links.push({ to: "/party", title: "Listening party", text: "Listen to new songs together with other members." });
  if (isApprovedAR(viewer)) links.push({ to: "/ar/dashboard", title: "A&R dashboard", text: "Your A&R workspace for finding songs and writers." });
  if (isAdmin(viewer)) links.push({ to: "/admin", title: "Admin", text: "Applications, members, catalogue and camps." });
  return links;
}

export function QuickLinks({ viewer }: { viewer: Pick<Viewer, "role" | "isAdmin"> }) {
  return (
    <ul className={styles.linkGrid}>
      {quickLinksFor(viewer).map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={styles.linkCard} prefetch="intent">
            <span className={styles.linkTitle}>{link.title}</span>
            <span className={styles.linkText}>{link.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
