/**
 * A listening party's room (issue 14, ADR 0092): what plays and the host's
 * controls, the queue (who added what, in turn), ratings, chat and
 * reactions, who is listening, and, once ended, the outcome.
 *
 * Server-rendered from the loader's snapshot and complete without
 * JavaScript (every control is a form); with it, the room's event stream
 * keeps everything current (useRoom) and the player follows the host.
 */
import { Form, Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import { PARTY_CHAT_MAX, PARTY_REACTION_NAMES, PARTY_REACTIONS, PARTY_TEXT, RATING_LABELS, REACTION_LABELS, PARTY_RATINGS, partyPath } from "./constants";
import { formatClock, formatWhen } from "./format";
import { PartyPlayer } from "./PartyPlayer";
import * as styles from "./party.css";
import { roleIn, type QueueItemView, type ResultView, type RoomState, type SourceOptionView } from "./room-state";
import { RoomForm, useRoomPost } from "./RoomForm";
import { positionAt } from "./sync";
import { useRoom, type Connection } from "./useRoom";
import { useServerClock } from "./useServerClock";

export interface RoomPageProps {
  partyId: string;
  viewerId: string;
  snapshot: RoomState;
  serverNowMs: number;
  myRatings: Record<string, string>;
  results: ResultView[];
  scheduledFor: string | null;
  zone: string;
  q: string;
  search: SourceOptionView[] | null;
  canTake: boolean;
}

const KIND_LABEL = { song: "Catalogue", showcase: "Showcase", submission: "Submission" } as const;

const CONNECTION_TEXT: Record<Connection, string> = {
  open: "Connected to the room.",
  connecting: "Connecting to the room…",
  reconnecting: "Reconnecting to the room…",
  closed: "No longer connected to the room. Reload the page to rejoin.",
};

export function PartyRoom(props: RoomPageProps) {
  const { partyId, viewerId } = props;
  const mounted = useMounted();
  const { state, connection } = useRoom(partyId, props.snapshot, viewerId, mounted && props.snapshot.status !== "ended");
  const { serverNow } = useServerClock();
  const revalidator = useRevalidator();
  const action = partyPath(partyId);
  const post = useRoomPost(action);
  const role = roleIn(state, viewerId);
  // The viewer's own ratings: the page's, then each one they make (the room is not told them).
  const [myRatings, setMyRatings] = useState(props.myRatings);
  useEffect(() => setMyRatings(props.myRatings), [props.myRatings]);
  const rated = useCallback((itemId: string, rating: string) => setMyRatings((all) => ({ ...all, [itemId]: rating })), []);
  const isHost = role !== "guest";

  // The party ended, or this listener was removed: the page's loader says what now.
  useEffect(() => {
    if ((state.status === "ended" && props.snapshot.status !== "ended") || state.removed) revalidator.revalidate();
    // Only a change of status or removal asks the loader again (not every event).
  }, [state.status, state.removed]);
  // The stream was closed for good (the party ended or this listener was removed while the stream
  // was down, so no event said so): the loader says what now.
  useEffect(() => {
    if (connection === "closed") revalidator.revalidate();
  }, [connection]);

  const onBuffering = useCallback((playback: "buffering" | "ready") => post("playback", { state: playback }), [post]);
  const onEnded = useCallback((itemId: string) => (role !== "guest" ? post("ended", { itemId }) : undefined), [post, role]);

  const renderedPosition = positionAt(props.snapshot.timeline, props.serverNowMs, props.snapshot.current?.durationMs);

  return (
    <div className={styles.room}>
      <div className={styles.column}>
        <section className={page.card} aria-labelledby="now-title" data-testid="now-playing">
          <h2 id="now-title" className={page.sectionTitle}>
            {state.status === "ended" ? PARTY_TEXT.ended : state.status === "scheduled" ? "Starts soon" : "Now playing"}
          </h2>
          {state.status === "scheduled" ? <p className={page.muted}>{`${PARTY_TEXT.notLive} It starts ${formatWhen(props.scheduledFor, props.zone)}.`}</p> : null}
          {state.current ? (
            <div className={styles.itemText}>
              <p className={styles.nowTitle} data-testid="now-title">
                {state.current.title}
              </p>
              <p className={page.muted}>
                {state.current.artist ? `${state.current.artist} · ` : ""}
                {KIND_LABEL[state.current.kind]} · added by {state.current.addedBy || "a member"}
              </p>
            </div>
          ) : state.status === "live" ? (
            <p className={page.muted}>{isHost ? "Add songs to the queue, then press Play." : "Nothing is playing yet: the host starts the queue."}</p>
          ) : null}
          {state.status === "live" ? (
            <PartyPlayer
              partyId={partyId}
              timeline={state.timeline}
              current={state.current}
              renderedPositionMs={renderedPosition}
              serverNow={serverNow}
              scripted={mounted}
              onBuffering={onBuffering}
              onEnded={onEnded}
            />
          ) : null}
          {mounted && state.status === "live" ? (
            <p className={styles.syncStatus} aria-live="polite" data-testid="connection">
              {CONNECTION_TEXT[connection]}
              {state.hostAwaySince ? " The host has left: playback is paused until someone takes over." : ""}
            </p>
          ) : state.hostAwaySince && state.status === "live" ? (
            <p className={styles.syncStatus}>The host has left: playback is paused until someone takes over.</p>
          ) : null}
          {isHost && state.status !== "ended" ? <HostControls action={action} state={state} role={role} /> : null}
          {state.current && state.status === "live" ? <RatingButtons action={action} item={state.current} mine={myRatings[state.current.id]} onRated={rated} /> : null}
        </section>

        {state.status === "ended" ? <Outcome results={props.results} canTake={props.canTake} action={action} /> : null}

        <section className={page.card} aria-labelledby="queue-title" data-testid="queue">
          <h2 id="queue-title" className={page.sectionTitle}>
            Up next
          </h2>
          {state.upNext.length === 0 ? <p className={page.muted}>The queue is empty.</p> : null}
          <ol className={styles.queueList}>
            {state.upNext.map((item, index) => (
              <li key={item.id} className={styles.queueItem} data-testid="queue-item">
                <div className={styles.itemText}>
                  <span>
                    <strong>{item.title}</strong>
                    {item.artist ? ` · ${item.artist}` : ""}
                  </span>
                  <span className={page.muted}>
                    Round {item.round} · {KIND_LABEL[item.kind]} · added by {item.addedBy || "a member"} · {formatClock(item.durationMs)}
                  </span>
                </div>
                <div className={styles.controls}>
                  {isHost ? (
                    <>
                      <RoomForm action={action} intent="move" fields={{ itemId: item.id, direction: "up" }} className={styles.inlineForm}>
                        <Button type="submit" size="sm" variant="outline" disabled={index === 0} aria-label={`Move ${item.title} up`}>
                          Up
                        </Button>
                      </RoomForm>
                      <RoomForm action={action} intent="move" fields={{ itemId: item.id, direction: "down" }} className={styles.inlineForm}>
                        <Button type="submit" size="sm" variant="outline" disabled={index === state.upNext.length - 1} aria-label={`Move ${item.title} down`}>
                          Down
                        </Button>
                      </RoomForm>
                    </>
                  ) : null}
                  {isHost || item.addedById === viewerId ? (
                    <RoomForm action={action} intent="remove-item" fields={{ itemId: item.id }} className={styles.inlineForm}>
                      <Button type="submit" size="sm" variant="ghost" aria-label={`Remove ${item.title} from the queue`}>
                        Remove
                      </Button>
                    </RoomForm>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
          {state.status !== "ended" ? <AddSongs action={action} q={props.q} search={props.search} isHost={role === "host"} /> : null}
        </section>

        {state.played.length > 0 ? (
          <section className={page.card} aria-labelledby="played-title">
            <h2 id="played-title" className={page.sectionTitle}>
              Heard so far
            </h2>
            <ul className={styles.queueList}>
              {state.played.map((item) => (
                <li key={item.id} className={styles.queueItem}>
                  <div className={styles.itemText}>
                    <span>
                      <strong>{item.title}</strong>
                      {item.artist ? ` · ${item.artist}` : ""}
                    </span>
                    <span className={page.muted}>added by {item.addedBy || "a member"}</span>
                  </div>
                  {state.status === "live" ? <RatingButtons action={action} item={item} mine={myRatings[item.id]} onRated={rated} compact /> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <aside className={styles.column} aria-label="The room">
        <section className={page.card} aria-labelledby="listeners-title" data-testid="listeners">
          <h2 id="listeners-title" className={page.sectionTitle}>
            Listening ({state.listeners.length})
          </h2>
          <p className={page.muted}>
            Host: {state.hostName || "nobody yet"}
            {state.coHostName ? ` · Co-host: ${state.coHostName}` : ""}
          </p>
          <ul className={styles.listeners}>
            {state.listeners.map((listener) => (
              <li key={listener.userId} className={styles.listenerLine}>
                <span>{listener.name}</span>
                {listener.userId === state.hostId ? <span className={styles.badge}>Host</span> : null}
                {listener.userId === state.coHostId ? <span className={styles.badge}>Co-host</span> : null}
                {listener.playback === "buffering" ? <span className={styles.badge}>Buffering</span> : null}
                {role === "host" && listener.userId !== viewerId && state.status !== "ended" ? (
                  <>
                    {listener.userId !== state.coHostId ? (
                      <RoomForm action={action} intent="cohost" fields={{ userId: listener.userId }} className={styles.inlineForm}>
                        <Button type="submit" size="sm" variant="ghost" aria-label={`Make ${listener.name} co-host`}>
                          Make co-host
                        </Button>
                      </RoomForm>
                    ) : null}
                    <RoomForm action={action} intent="remove-listener" fields={{ userId: listener.userId }} className={styles.inlineForm}>
                      <Button type="submit" size="sm" variant="ghost" aria-label={`Remove ${listener.name} from the party`}>
                        Remove
                      </Button>
                    </RoomForm>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>

        <section className={page.card} aria-labelledby="chat-title" data-testid="chat">
          <h2 id="chat-title" className={page.sectionTitle}>
            Chat
          </h2>
          {/* Focusable: it scrolls, and keyboard users must be able to scroll it too. */}
          <ol className={styles.chatLog} aria-live="polite" aria-relevant="additions" aria-labelledby="chat-title" tabIndex={0} data-testid="chat-log">
            {state.messages.map((message) => (
              <li key={message.id} className={styles.chatLine} data-testid="chat-message">
                <span className={styles.chatName}>{message.name}</span>
                {message.kind === "reaction" ? (
                  <span>
                    <span aria-hidden="true">{PARTY_REACTIONS[message.body as keyof typeof PARTY_REACTIONS] ?? ""}</span>{" "}
                    <span className={page.muted}>{REACTION_LABELS[message.body as keyof typeof REACTION_LABELS] ?? message.body}</span>
                  </span>
                ) : (
                  <span>{message.body}</span>
                )}
                {isHost && state.status !== "ended" ? (
                  <RoomForm action={action} intent="remove-message" fields={{ messageId: message.id }} className={styles.inlineForm}>
                    <Button type="submit" size="sm" variant="ghost" aria-label={`Remove the message from ${message.name}`}>
                      Remove
                    </Button>
                  </RoomForm>
                ) : null}
              </li>
            ))}
          </ol>
          {state.status !== "ended" ? (
            <>
              <RoomForm action={action} intent="chat" className={formStyles.form} resetOnSuccess label="Send a message">
                <label htmlFor="party-chat" className={formStyles.label}>
                  Message
                </label>
                <input id="party-chat" name="body" type="text" required maxLength={PARTY_CHAT_MAX} autoComplete="off" className={formStyles.control} />
                <div className={formStyles.actions}>
                  <Button type="submit">Send</Button>
                </div>
              </RoomForm>
              <div className={styles.reactions} role="group" aria-label="React">
                {PARTY_REACTION_NAMES.map((name) => (
                  <RoomForm key={name} action={action} intent="react" fields={{ reaction: name }} className={styles.inlineForm}>
                    <Button type="submit" size="sm" variant="outline" aria-label={REACTION_LABELS[name]} title={REACTION_LABELS[name]}>
                      <span aria-hidden="true">{PARTY_REACTIONS[name]}</span>
                    </Button>
                  </RoomForm>
                ))}
              </div>
            </>
          ) : null}
        </section>
      </aside>
    </div>
  );
}

function HostControls({ action, state, role }: { action: string; state: RoomState; role: "host" | "cohost" | "guest" }) {
  if (state.status === "scheduled") {
    return (
      <RoomForm action={action} intent="start" className={styles.controls}>
        <Button type="submit">Start the party now</Button>
      </RoomForm>
    );
  }
  return (
    <div className={formStyles.form} data-testid="host-controls">
      <div className={styles.controls} role="group" aria-label="Host controls">
        {state.timeline.playing ? (
          <RoomForm action={action} intent="pause" className={styles.inlineForm}>
            <Button type="submit">Pause for everyone</Button>
          </RoomForm>
        ) : (
          <RoomForm action={action} intent="play" className={styles.inlineForm}>
            <Button type="submit">Play for everyone</Button>
          </RoomForm>
        )}
        <RoomForm action={action} intent="skip" className={styles.inlineForm}>
          <Button type="submit" variant="outline">
            Next song
          </Button>
        </RoomForm>
      </div>
      {state.current ? (
        <RoomForm action={action} intent="seek" className={styles.inlineForm} label="Seek">
          <label htmlFor="party-seek" className={formStyles.label}>
            Jump to (seconds)
          </label>
          <input
            id="party-seek"
            name="position"
            type="number"
            min={0}
            max={Math.floor(state.current.durationMs / 1000)}
            step={1}
            required
            className={formStyles.control}
            style={{ maxWidth: "8rem" }}
          />
          <Button type="submit" variant="outline">
            Jump
          </Button>
        </RoomForm>
      ) : null}
      {role === "host" && state.coHostId ? (
        <RoomForm action={action} intent="cohost" className={styles.inlineForm}>
          <Button type="submit" size="sm" variant="ghost">
            Remove the co-host
          </Button>
        </RoomForm>
      ) : null}
      <details>
        <summary className={page.textLink}>End the party</summary>
        <RoomForm action={action} intent="end" className={formStyles.form} fields={{ confirm: "end" }} navigate>
          <p className={page.muted}>Everyone stops listening, and the room's ratings become its outcome.</p>
          <Button type="submit" variant="destructive">
            End the party now
          </Button>
        </RoomForm>
      </details>
    </div>
  );
}

function RatingButtons({
  action,
  item,
  mine,
  onRated,
  compact = false,
}: {
  action: string;
  item: QueueItemView;
  mine?: string;
  onRated: (itemId: string, rating: string) => void;
  compact?: boolean;
}) {
  return (
    <div className={styles.controls} role="group" aria-label={`Rate ${item.title}`} data-testid={compact ? undefined : "rate-current"}>
      {compact ? null : <span className={formStyles.label}>Your rating:</span>}
      {PARTY_RATINGS.map((rating) => (
        <RoomForm key={rating} action={action} intent="rate" fields={{ itemId: item.id, rating }} className={styles.inlineForm} onSuccess={() => onRated(item.id, rating)}>
          <Button type="submit" size="sm" variant={mine === rating ? "default" : "outline"} aria-pressed={mine === rating} aria-label={compact ? `${RATING_LABELS[rating]}: ${item.title}` : undefined}>
            {RATING_LABELS[rating]}
          </Button>
        </RoomForm>
      ))}
    </div>
  );
}

function AddSongs({ action, q, search, isHost }: { action: string; q: string; search: SourceOptionView[] | null; isHost: boolean }) {
  return (
    <div className={formStyles.form}>
      <h3 className={formStyles.label}>Add a song</h3>
      <Form method="get" action={action} className={styles.inlineForm} role="search" preventScrollReset>
        <label htmlFor="party-search" className={styles.visuallyHidden}>
          Search the catalogue and showcases
        </label>
        <input id="party-search" name="q" type="search" defaultValue={q} placeholder="Title, writer or member" className={formStyles.control} />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      {isHost ? (
        <p className={page.muted}>
          <Link to={`${action}?mine=1`} className={page.textLink} preventScrollReset>
            Show my submissions
          </Link>
        </p>
      ) : null}
      {search ? (
        search.length === 0 ? (
          <p className={page.muted}>Nothing the room can hear matches that.</p>
        ) : (
          <ul className={styles.searchResults} data-testid="search-results">
            {search.map((option) => (
              <li key={`${option.kind}-${option.id}`} className={styles.queueItem}>
                <div className={styles.itemText}>
                  <strong>{option.title}</strong>
                  <span className={page.muted}>
                    {option.artist ? `${option.artist} · ` : ""}
                    {KIND_LABEL[option.kind]} · {formatClock(option.durationMs)}
                  </span>
                </div>
                <RoomForm action={action} intent="add" fields={{ kind: option.kind, sourceId: option.id }} className={styles.inlineForm}>
                  <Button type="submit" size="sm" aria-label={`Add ${option.title} to the queue`}>
                    Add
                  </Button>
                </RoomForm>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function Outcome({ results, canTake, action }: { results: ResultView[]; canTake: boolean; action: string }) {
  const shortlist = results.filter((r) => r.shortlisted);
  return (
    <section className={page.card} aria-labelledby="outcome-title" data-testid="outcome">
      <h2 id="outcome-title" className={page.sectionTitle}>
        The outcome
      </h2>
      {results.length === 0 ? (
        <p className={page.muted}>The room heard no songs, so there is nothing to rank.</p>
      ) : (
        <>
          <p className={page.muted}>Every song the room heard, ranked by its ratings (keeper 2, maybe 1, pass −1). The shortlist is every song the room rated above zero.</p>
          <ol className={styles.results} data-testid="outcome-ranking">
            {results.map((result) => (
              <li key={result.itemId} className={styles.resultItem}>
                <span>
                  <strong>
                    {result.rank}. {result.title}
                  </strong>
                  {result.artist ? ` · ${result.artist}` : ""}
                  {result.shortlisted ? <span className={styles.badge}> Shortlisted</span> : null}
                </span>
                <span className={page.muted}>
                  {result.keepers} keeper · {result.maybes} maybe · {result.passes} pass · score {result.score}
                </span>
                {result.kind === "song" ? (
                  <Link to={`/song/${result.sourceId}`} className={page.textLink}>
                    Open the song<span className={styles.visuallyHidden}>: {result.title}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
          <h3 className={formStyles.label}>The party's shortlist ({shortlist.length})</h3>
          {canTake ? (
            <RoomForm action={action} intent="take" className={styles.controls} navigate>
              <Button type="submit">Add the shortlist to my shortlists</Button>
            </RoomForm>
          ) : null}
        </>
      )}
    </section>
  );
}
