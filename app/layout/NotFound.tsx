import { Form, useLocation } from "@remix-run/react";
import { ButtonLink, Button } from "~/ui/Button";
import * as styles from "./layout.css";
import { control } from "./form.css";

export function NotFound() {
  const location = useLocation();
  return (
    <section className={`${styles.container} ${styles.centeredPage}`} aria-labelledby="not-found-title">
      <p className={styles.bigStatus} aria-hidden="true">404</p>
      <h1 id="not-found-title">This track isn't in the catalogue</h1>
      <p className={styles.lead}>
        Nothing lives at <code>{location.pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <Form method="get" action="/music-catalog" role="search" className={styles.actions}>
        <label htmlFor="not-found-search" className="visually-hidden">Search the catalogue</label>
        <input id="not-found-search" name="search" type="search" placeholder="Search songs and writers" className={control} />
        <Button type="submit" variant="secondary">Search</Button>
      </Form>
      <div className={styles.actions}>
        <ButtonLink to="/" variant="uber">Back to the start</ButtonLink>
        <ButtonLink to="/music-catalog" variant="outline">Browse the catalogue</ButtonLink>
      </div>
    </section>
  );
}
