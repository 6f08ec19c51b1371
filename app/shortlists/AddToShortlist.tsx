/**
 * The song page's "Add to shortlist" for approved A&R (and administrators):
 * pick one of your shortlists and add the song with an optional note, or, with
 * none yet, create a shortlist that starts with it. Plain forms posting to the
 * shortlist routes (no JavaScript needed); they come back to the song page
 * with a toast. Only rendered for a viewer the loader gave choices to.
 */
import { Form } from "@remix-run/react";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button } from "~/ui/Button";
import { SHORTLIST_NOTE_MAX, SHORTLIST_TEXT, SHORTLIST_TITLE_MAX, SHORTLISTS_PATH } from "./constants";
import * as styles from "./shortlists.css";

export interface ShortlistChoiceView {
  id: string;
  title: string;
  hasSong: boolean;
}

export function AddToShortlist({ songId, songTitle, choices }: { songId: string; songTitle: string; choices: ShortlistChoiceView[] }) {
  const on = choices.filter((choice) => choice.hasSong);
  const open = choices.filter((choice) => !choice.hasSong);
  return (
    <section className={page.card} aria-labelledby="add-to-shortlist-title" data-testid="add-to-shortlist">
      <h2 id="add-to-shortlist-title" className={page.sectionTitle}>
        {SHORTLIST_TEXT.addToShortlist}
      </h2>
      {on.length > 0 ? <p className={page.muted}>{SHORTLIST_TEXT.onYourLists(on.map((choice) => choice.title))}</p> : null}
      {open.length > 0 ? (
        <AddForm songId={songId} songTitle={songTitle} open={open} />
      ) : choices.length === 0 ? (
        <Form method="post" action={SHORTLISTS_PATH} className={styles.inlineForm}>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="songId" value={songId} />
          <div className={styles.grow}>
            <label htmlFor="new-shortlist-title" className={formStyles.label}>
              {SHORTLIST_TEXT.titleLabel}
            </label>
            <input id="new-shortlist-title" name="title" required maxLength={SHORTLIST_TITLE_MAX} className={formStyles.control} />
          </div>
          <Button type="submit" variant="secondary">
            {SHORTLIST_TEXT.newShortlistWithSong}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** One form for any of the viewer's lists: the shortlist is a field, so it works without JavaScript. */
function AddForm({ songId, songTitle, open }: { songId: string; songTitle: string; open: ShortlistChoiceView[] }) {
  return (
    <Form method="post" action={SHORTLISTS_PATH} className={formStyles.form}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="songId" value={songId} />
      <input type="hidden" name="returnTo" value="song" />
      <div className={styles.inlineForm}>
        <div className={styles.grow}>
          <label htmlFor="add-shortlist-id" className={formStyles.label}>
            {SHORTLIST_TEXT.shortlistLabel}
          </label>
          <select id="add-shortlist-id" name="shortlistId" className={formStyles.control} defaultValue={open[0]?.id}>
            {open.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.title}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.grow}>
          <label htmlFor="add-shortlist-note" className={formStyles.label}>
            {SHORTLIST_TEXT.noteLabel}
          </label>
          <input id="add-shortlist-note" name="note" maxLength={SHORTLIST_NOTE_MAX} className={formStyles.control} />
        </div>
      </div>
      <div>
        <Button type="submit" variant="secondary" aria-label={`${SHORTLIST_TEXT.addToShortlist}: ${songTitle}`}>
          {SHORTLIST_TEXT.addToShortlist}
        </Button>
      </div>
    </Form>
  );
}
