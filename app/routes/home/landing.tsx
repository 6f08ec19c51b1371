/** The landing page: what the collective is, who it is for, how to join. */
import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as styles from "~/landing/landing.css";

export const meta: MetaFunction = () => [
  { title: `${PRODUCT_NAME}: where songwriters, producers and A&R make hits together` },
  {
    name: "description",
    content:
      "A members-only collective of songwriters, producers and A&R professionals. Apply with your music, write at camps, and pitch from a shared catalogue.",
  },
  { property: "og:title", content: PRODUCT_NAME },
  { property: "og:type", content: "website" },
];

// Public page; the root loader already knows the viewer. No form: a POST is 405.
const route = defineRoute({ access: "public-viewer" });

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const AUDIENCES = [
  {
    title: "Songwriters and topliners",
    text: "Keep your catalogue in one place with credits and splits that add up, and get heard by A&R who are looking for exactly your sound.",
    icon: "M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0z",
  },
  {
    title: "Producers",
    text: "Show your best five tracks, find toplines for your beats, and join camps where sessions are planned around who you haven't worked with yet.",
    icon: "M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6",
  },
  {
    title: "A&R professionals",
    text: "Search a vetted catalogue by mood, key, tempo and writer, listen straight away, and reach the people who wrote the song.",
    icon: "M21 21l-4.35-4.35M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z",
  },
];

const STEPS = [
  { title: "Apply with your music", text: "Create an account and send us up to five tracks with your credits." },
  { title: "Get accepted", text: "Our team listens to every application and replies with a decision." },
  { title: "Write, share, pitch", text: "Build your showcase, join writing camps and get your songs into the catalogue." },
];

function Icon({ path }: { path: string }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const WAVE = [18, 32, 24, 44, 30, 40, 20, 36, 46, 28, 38, 22, 34, 42, 26, 16, 30, 44, 24, 36];

export default function Landing() {
  const root = useRouteLoaderData<RootLoader>("root");
  const signedIn = Boolean(root?.viewer);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`${container} ${styles.heroGrid}`}>
          <div>
            <p className={styles.eyebrow}>Members-only music collective</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Where writers, producers and A&amp;R <span className={styles.gradientText}>make hits together</span>
            </h1>
            <p className={styles.heroLead}>
              {PRODUCT_NAME} is a curated community of songwriters, producers and A&amp;R professionals. Members
              share a catalogue of finished songs, write together at camps, and pitch to the people who sign them.
            </p>
            <div className={styles.heroActions}>
              {signedIn ? (
                <ButtonLink to="/dashboard" variant="uber" size="lg">
                  Go to your dashboard
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to="/auth?mode=sign-up" variant="uber" size="lg">
                    Apply to join
                  </ButtonLink>
                  <ButtonLink to="/auth" variant="outline" size="lg">
                    Sign in
                  </ButtonLink>
                </>
              )}
            </div>
            <p className={styles.heroNote}>
              A&amp;R or label? <a href="/ar">Request catalogue access</a>.
            </p>
          </div>
          <div className={styles.studioCard} aria-hidden="true">
            <div className={styles.bars}>
              {WAVE.map((height, index) => (
                <span key={index} className={styles.bar} style={{ height: `${height}px` }} />
              ))}
            </div>
            {[
              ["Midnight Avenue", "Pop · 118 BPM · A minor"],
              ["Paper Planes", "Dance · 124 BPM · F major"],
              ["Slow Burn", "R&B · 92 BPM · D minor"],
            ].map(([title, meta]) => (
              <div key={title} className={styles.trackRow}>
                <span className={styles.trackArt} />
                <span>
                  <strong>{title}</strong>
                  <br />
                  <span className={styles.trackMeta}>{meta}</span>
                </span>
                <span className={styles.trackMeta}>3:2{title.length % 10}</span>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="who-title">
        <div className={container}>
          <h2 id="who-title" className={styles.sectionTitle}>Built for the people who make the songs</h2>
          <p className={styles.sectionLead}>
            One home for the work that happens between the first idea and the signed deal.
          </p>
          <div className={styles.cards}>
            {AUDIENCES.map((audience) => (
              <article key={audience.title} className={styles.card}>
                <span className={styles.cardIcon}>
                  <Icon path={audience.icon} />
                </span>
                <h3>{audience.title}</h3>
                <p className={styles.cardText}>{audience.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="join-title">
        <div className={container}>
          <h2 id="join-title" className={styles.sectionTitle}>How to join</h2>
          <p className={styles.sectionLead}>Membership is by application, so everyone you meet here is serious about the craft.</p>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step.title} className={styles.step}>
                <h3>{step.title}</h3>
                <p className={styles.cardText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="cta-title">
        <div className={container}>
          <div className={styles.cta}>
            <h2 id="cta-title" className={styles.sectionTitle}>Your next cut starts in the room</h2>
            <p>Browse what members are writing, or apply with your best work today.</p>
            <div className={styles.heroActions}>
              <ButtonLink to="/music-catalog" variant="secondary" size="lg">
                Browse the catalogue
              </ButtonLink>
              <ButtonLink to="/auth?mode=sign-up" variant="outline" size="lg" className={styles.ctaOutline}>
                Apply to join
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
