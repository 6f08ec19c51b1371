/**
 * One submission as its member and the admins see it: the audio (native
 * <audio controls> without JavaScript; with it, Play and the waveform drive
 * the floating player, whose one retry asks the submission's audio-url
 * endpoint), the metadata, the credits with their splits and the lyrics.
 */
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { CreditsTable } from "~/catalog/components/CreditsTable";
import { Waveform } from "~/catalog/components/Waveform";
import * as page from "~/layout/page.css";
import type { Track } from "~/player/logic";
import { formatTime } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { SUBMISSION_TEXT, submissionAudioUrlPath, VOCAL_TYPE_LABELS } from "./constants";
import { StatusBadge } from "./StatusBadge";
import type { SubmissionView } from "./submissions.server";
import * as styles from "./submissions.css";

const T = SUBMISSION_TEXT;

export { StatusBadge };

/** The player's track: its id is not a catalogue song's and never reads as an applicant's collab/solo id. */
export function submissionTrack(submission: Pick<SubmissionView, "id" | "title" | "audioUrl" | "member">): Track {
  return {
    id: `submission-${submission.id}`,
    url: submission.audioUrl,
    title: submission.title,
    artist: submission.member.name,
    freshUrlEndpoint: submissionAudioUrlPath(submission.id),
  };
}

export function formatDate(iso: string, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));
}

export function SubmissionDetails({ submission }: { submission: SubmissionView }) {
  const track = submissionTrack(submission);
  return (
    <div className={styles.stack}>
      <section id="listen" className={page.card} aria-labelledby="submission-listen">
        <h2 id="submission-listen" className={page.sectionTitle}>
          {T.listen}
        </h2>
        <div className={styles.stack}>
          <div>
            <PlayButton track={track} fallbackHref="#submission-audio" variant="uber" size="lg" />
          </div>
          <Waveform peaks={submission.peaks} track={track} durationSeconds={submission.durationSeconds} title={submission.title} />
          <audio id="submission-audio" className={styles.audio} controls preload="metadata" src={submission.audioUrl} aria-label={`Audio of ${submission.title}`} />
        </div>
      </section>
      <section className={page.card} aria-labelledby="submission-details">
        <h2 id="submission-details" className={page.sectionTitle}>
          {T.details}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.status}</dt>
            <dd className={styles.factValue}>
              <StatusBadge status={submission.status} />
            </dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.labels.genre}</dt>
            <dd className={styles.factValue}>{submission.genre}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.labels.bpm}</dt>
            <dd className={styles.factValue}>{submission.bpm}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.labels.key}</dt>
            <dd className={styles.factValue}>{submission.musicalKey}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.labels.vocalType}</dt>
            <dd className={styles.factValue}>{submission.vocalType ? VOCAL_TYPE_LABELS[submission.vocalType] : T.noVocalType}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.labels.explicit}</dt>
            <dd className={styles.factValue}>{submission.explicit ? T.explicitYes : T.explicitNo}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>Length</dt>
            <dd className={styles.factValue}>{formatTime(submission.durationSeconds)}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{T.submittedOn}</dt>
            <dd className={styles.factValue}>{formatDate(submission.createdAt)}</dd>
          </div>
        </dl>
        {submission.moods.length > 0 ? (
          <ul className={page.chipList} aria-label={T.labels.moods} style={{ marginTop: "16px" }}>
            {submission.moods.map((mood) => (
              <li key={mood} className={page.chip}>
                {mood}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className={page.card} aria-labelledby="submission-credits">
        <h2 id="submission-credits" className={page.sectionTitle}>
          {T.labels.credits}
        </h2>
        {submission.campOrigin ? (
          <div className={styles.stack} data-testid="camp-origin">
            <p>{CAMP_CREDITS_TEXT.fromCampSong(submission.campOrigin.campName, submission.campOrigin.workingTitle)}</p>
            <p className={page.muted}>{submission.campOrigin.heading}</p>
          </div>
        ) : null}
        <CreditsTable credits={submission.credits} />
      </section>
      <section className={page.card} aria-labelledby="submission-lyrics">
        <h2 id="submission-lyrics" className={page.sectionTitle}>
          {T.labels.lyrics}
        </h2>
        {submission.lyrics ? <pre className={styles.lyrics}>{submission.lyrics}</pre> : <p className={page.muted}>{T.lyricsNone}</p>}
      </section>
    </div>
  );
}
