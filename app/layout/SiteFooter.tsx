import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "~/shared/constants";
import * as styles from "./layout.css";

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerInner}`}>
        <div>
          <p className={styles.footerHeading}>{PRODUCT_NAME}</p>
          <p>A members-only collective of songwriters, producers and A&amp;R professionals, writing and pitching together.</p>
        </div>
        <div>
          <h2 className={styles.footerHeading}>Explore</h2>
          <ul className={styles.footerList}>
            <li><Link to="/music-catalog">Catalogue</Link></li>
            <li><Link to="/members">Members</Link></li>
            <li><Link to="/search">Search</Link></li>
            <li><Link to="/party">Listening party</Link></li>
          </ul>
        </div>
        <div>
          <h2 className={styles.footerHeading}>Join</h2>
          <ul className={styles.footerList}>
            <li><Link to="/auth?mode=sign-up">Apply as a writer or producer</Link></li>
            <li><Link to="/ar">For A&amp;R professionals</Link></li>
            <li><Link to="/auth">Sign in</Link></li>
          </ul>
        </div>
        <div>
          <h2 className={styles.footerHeading}>Listen</h2>
          <ul className={styles.footerList}>
            <li><Link to="/audioplayer-demo">Player demo</Link></li>
          </ul>
        </div>
      </div>
      <div className={`${styles.container} ${styles.footerBottom}`}>
        <p>{`© ${new Date().getFullYear()} ${PRODUCT_NAME}. All songs belong to their writers.`}</p>
      </div>
    </footer>
  );
}
