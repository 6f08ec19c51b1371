/** Pieces the briefs pages share: a brief's facts line and its state. */
import type { SubmissionResult } from "@conform-to/react";
import { BRIEF_TEXT } from "./constants";
import { formatDeadline } from "./format";
import * as styles from "./briefs.css";

export interface BriefFacts {
  company: string;
  genre: string | null;
  deadline: string | null;
  closedReason: "closed" | "past-deadline" | null;
}

export function BriefMeta({ brief, showCompany = true }: { brief: BriefFacts; showCompany?: boolean }) {
  return (
    <ul className={styles.meta}>
      {showCompany ? <li>{brief.company}</li> : null}
      {brief.genre ? (
        <li>
          · <span className="visually-hidden">Genre: </span>
          {brief.genre}
        </li>
      ) : null}
      <li>· {brief.deadline ? BRIEF_TEXT.member.dueBy(formatDeadline(brief.deadline)) : BRIEF_TEXT.member.noDeadline}</li>
    </ul>
  );
}

export function BriefState({ reason }: { reason: BriefFacts["closedReason"] }) {
  if (reason === "closed") return <span className={styles.statusMuted}>Closed</span>;
  if (reason === "past-deadline") return <span className={styles.statusMuted}>Past deadline</span>;
  return <span className={styles.status}>Open</span>;
}

/** A field's errors from a form reply (the server's, so they show without JavaScript). */
export function errorsFor(result: SubmissionResult<string[]> | null | undefined, name: string): string[] | undefined {
  const errors = result?.error?.[name];
  return errors && errors.length > 0 ? errors : undefined;
}

/** What the visitor typed, sent back with the errors, so a refused form keeps it. */
export function valueFor(result: SubmissionResult<string[]> | null | undefined, name: string): string | undefined {
  const value = (result?.initialValue as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}
