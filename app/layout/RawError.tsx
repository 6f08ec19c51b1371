/**
 * The raw error an admin sees with the errorBoundaries flag off in their
 * browser (useRawErrors.ts decides; ADR 0094): the message and the stack as
 * thrown. Its own chunk, loaded only then.
 */
import { TEXT } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";
import * as styles from "./raw-error.css";

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export default function RawError({ error }: { error: unknown }) {
  const stack = error instanceof Error && error.stack ? error.stack : null;
  return (
    <section className={styles.rawError} aria-labelledby="raw-error-title" data-testid="raw-error">
      <h1 id="raw-error-title">Raw error</h1>
      <p className={styles.note}>
        Error boundaries are off in this browser (Admin, Feature flags), so this is the error as it was thrown. An error from the server arrives
        here as &quot;Unexpected Server Error&quot; in production: the server&apos;s log has its details.
      </p>
      <p className={styles.message}>{errorMessageOf(error)}</p>
      {stack ? (
        <>
          <h2>Stack</h2>
          <pre className={styles.stack}>{stack}</pre>
        </>
      ) : null}
      <div>
        <ButtonLink to="/" variant="outline" reloadDocument>
          {TEXT.goHome}
        </ButtonLink>
      </div>
    </section>
  );
}
