import { Link } from "@remix-run/react";
import { isAdmin, isApprovedAR, isMember, type Viewer } from "~/auth/viewer";
import { PRODUCT_NAME } from "~/shared/constants";
import * as styles from "./layout.css";

interface FooterLink {
  to: string;
  label: string;
}

/** Visitors are offered a way in; a signed-in person the places that are theirs. */
function accountColumn(viewer: Viewer | null): { heading: string; links: FooterLink[] } {
  if (!viewer) {
    return {
      heading: "Join",
      links: [
        { to: "/auth?mode=sign-up", label: "Apply as a writer or producer" },
        { to: "/ar", label: "For A&R professionals" },
        { to: "/auth", label: "Sign in" },
      ],
    };
  }
  const links: FooterLink[] = [
    // An applicant's dashboard is where their application stands.
    { to: "/dashboard", label: isMember(viewer) ? "Your dashboard" : "Your application" },
    { to: "/profile", label: "Your profile" },
  ];
  if (isApprovedAR(viewer) && !isAdmin(viewer)) links.push({ to: "/ar/dashboard", label: "A&R dashboard" });
  if (isAdmin(viewer)) links.push({ to: "/admin", label: "Administration" });
  return { heading: "Your account", links };
}

export function SiteFooter({ viewer }: { viewer: Viewer | null }) {
  const account = accountColumn(viewer);
  // The listening party is for members (and visitors, who are told how to join); the header shows it to the same people.
  const explore: FooterLink[] = [
    { to: "/music-catalog", label: "Catalogue" },
    { to: "/members", label: "Members" },
    { to: "/search", label: "Search" },
    ...(viewer === null || isMember(viewer) ? [{ to: "/party", label: "Listening party" }] : []),
  ];
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerInner}`}>
        <div>
          <p className={styles.footerHeading}>{PRODUCT_NAME}</p>
          <p>A members-only collective of songwriters, producers and A&amp;R professionals, writing and pitching together.</p>
        </div>
        <FooterColumn heading="Explore" links={explore} />
        <FooterColumn heading={account.heading} links={account.links} />
      </div>
      <div className={`${styles.container} ${styles.footerBottom}`}>
        <p>{`© ${new Date().getFullYear()} ${PRODUCT_NAME}. All songs belong to their writers.`}</p>
      </div>
    </footer>
  );
}

function FooterColumn({ heading, links }: { heading: string; links: FooterLink[] }) {
  return (
    <div>
      <h2 className={styles.footerHeading}>{heading}</h2>
      <ul className={styles.footerList}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
