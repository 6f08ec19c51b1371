/**
 * /admin/flags: every feature flag, its default and what it does here.
 *
 * The flags live in this browser's local storage (SPEC §3), which the server
 * never sees: the server's page is the table and a note that changing them
 * takes JavaScript (no control that could not work). After hydration each
 * flag gets a switch, and the tools appear: reset, export as a JSON file,
 * import from a file or pasted JSON. An import that is not valid changes
 * nothing and says 'Invalid feature flags data' (SPEC §5, §8).
 */
import { useId, useState, type FormEvent } from "react";
import { PageHeader } from "~/layout/PageHeader";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { Button } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_KEYS,
  INVALID_FEATURE_FLAGS,
  exportFeatureFlags,
  parseFeatureFlagsImport,
  resetFeatureFlags,
  writeFeatureFlags,
  type FeatureFlagKey,
  type FeatureFlags,
} from "./feature-flags";
import { FLAG_CATALOGUE, FLAGS_EXPORT_FILE_NAME } from "./flag-catalogue";
import * as styles from "./flags.css";
import { useFeatureFlags } from "./useFeatureFlags";

/** A flags file is a few hundred bytes: anything past this is not one (and is not read into memory). */
export const IMPORT_MAX_BYTES = 64 * 1024;

const onOff = (on: boolean) => (on ? "On" : "Off");

const nameId = (flag: FeatureFlagKey) => `flag-${flag}-name`;

/** Named by the flag's name in its row ("Developer tools"); the On/Off beside it repeats the state for the eye. */
function FlagSwitch({ flag, flags, onChange }: { flag: FeatureFlagKey; flags: FeatureFlags; onChange: (flags: FeatureFlags) => void }) {
  return (
    <label className={styles.switchLabel}>
      <input
        type="checkbox"
        role="switch"
        className={styles.switchInput}
        aria-labelledby={nameId(flag)}
        checked={flags[flag]}
        onChange={(event) => onChange({ ...flags, [flag]: event.currentTarget.checked })}
      />
      <span aria-hidden="true">{onOff(flags[flag])}</span>
    </label>
  );
}

function FlagsTable({ scripted, flags, onChange }: { scripted: boolean; flags: FeatureFlags; onChange: (flags: FeatureFlags) => void }) {
  return (
    <table className={styles.table}>
      <caption>Feature flags (SPEC §3)</caption>
      <thead>
        <tr>
          <th scope="col">Flag and what it does here</th>
          <th scope="col">Default</th>
          {scripted ? <th scope="col">This browser</th> : null}
        </tr>
      </thead>
      <tbody>
        {FEATURE_FLAG_KEYS.map((flag) => {
          const { label, effect, inert } = FLAG_CATALOGUE[flag];
          return (
            <tr key={flag} data-flag={flag}>
              <th scope="row">
                <span id={nameId(flag)} className={styles.flagName}>
                  {label}
                </span>
                <code className={styles.flagKey}>{flag}</code>
                <span className={styles.flagEffect}>{effect}</span>
                {inert ? <span className={styles.inert}>No behaviour here</span> : null}
              </th>
              <td>{onOff(FEATURE_FLAG_DEFAULTS[flag])}</td>
              {scripted ? (
                <td>
                  <FlagSwitch flag={flag} flags={flags} onChange={onChange} />
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = FLAGS_EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

type ImportSource = "file" | "text";

function FlagTools({ flags }: { flags: FeatureFlags }) {
  const id = useId();
  const [status, setStatus] = useState("");
  const [error, setError] = useState<{ source: ImportSource } | null>(null);
  const [pasted, setPasted] = useState("");

  const apply = (text: string, source: ImportSource) => {
    let imported: FeatureFlags;
    try {
      imported = parseFeatureFlagsImport(text);
    } catch {
      setStatus("");
      setError({ source });
      return;
    }
    setError(null);
    setStatus(writeFeatureFlags(imported) ? "Imported: the flags in the table are now this browser's." : "This browser refused to store the flags.");
  };

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const text = file.size > IMPORT_MAX_BYTES ? "" : await file.text();
    apply(text, "file");
    // The same file can be chosen again (after a fix) and still fire a change.
    input.value = "";
  };

  const onPaste = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(pasted, "text");
  };

  const errorId = `${id}-import-error`;
  const describedBy = (source: ImportSource, hint: string) => (error?.source === source ? `${hint} ${errorId}` : hint);
  return (
    <section className={styles.section} aria-labelledby={`${id}-tools`}>
      <h2 id={`${id}-tools`} className={page.sectionTitle}>
        Reset, export and import
      </h2>
      <div className={styles.actions}>
        <Button
          variant="outline"
          onClick={() => {
            resetFeatureFlags();
            setError(null);
            setStatus("Reset: every flag is back to its default.");
          }}
        >
          Reset to defaults
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            download(exportFeatureFlags(flags));
            setStatus(`Exported as ${FLAGS_EXPORT_FILE_NAME}.`);
          }}
        >
          Export
        </Button>
      </div>
      <form className={styles.section} onSubmit={onPaste} noValidate aria-labelledby={`${id}-import`}>
        <h3 id={`${id}-import`}>Import</h3>
        <div className={styles.field}>
          <label htmlFor={`${id}-file`} className={styles.label}>
            Import from a file
          </label>
          <p id={`${id}-file-hint`} className={styles.hint}>
            A file Export made ({FLAGS_EXPORT_FILE_NAME}): it applies at once.
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/json,.json"
            className={styles.fileInput}
            aria-invalid={error?.source === "file" ? true : undefined}
            aria-describedby={describedBy("file", `${id}-file-hint`)}
            onChange={(event) => void onFile(event.currentTarget)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-text`} className={styles.label}>
            Or paste the JSON
          </label>
          <p id={`${id}-text-hint`} className={styles.hint}>
            An object of flags and true or false, such as <code className={styles.code}>{'{"devTools": true}'}</code>; flags left out take their defaults.
          </p>
          <textarea
            id={`${id}-text`}
            className={styles.textarea}
            value={pasted}
            spellCheck={false}
            onChange={(event) => setPasted(event.currentTarget.value)}
            aria-invalid={error?.source === "text" ? true : undefined}
            aria-describedby={describedBy("text", `${id}-text-hint`)}
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className={styles.fieldError}>
            {INVALID_FEATURE_FLAGS}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="default">
            Import pasted JSON
          </Button>
        </div>
      </form>
      <p role="status" className={page.muted}>
        {status}
      </p>
    </section>
  );
}

export function FeatureFlagsPage() {
  const scripted = useMounted();
  const flags = useFeatureFlags();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Admin"
        title="Feature flags"
        lead="Switches for this browser only: they are kept in its local storage, never on the server, so each browser (and each admin) has its own."
      />
      <div className={styles.sections}>
        <p className={styles.note} data-testid="flags-note">
          {scripted
            ? "These are this browser's flags: a change applies at once, here and in this browser's other tabs."
            : "Flags live in this browser's local storage, so changing them needs JavaScript: turn it on and each flag gets a switch here. Until then every flag has its default."}
        </p>
        <FlagsTable scripted={scripted} flags={flags} onChange={(next) => void writeFeatureFlags(next)} />
        {scripted ? <FlagTools flags={flags} /> : null}
        <section className={styles.section} aria-labelledby="debug-logging">
          <h2 id="debug-logging" className={page.sectionTitle}>
            Debug logging
          </h2>
          <p>
            Besides debugMode, debug lines print to the console with <code className={styles.code}>debug=1</code> in a page&apos;s address, or
            with <code className={styles.code}>debug:force</code>, <code className={styles.code}>debug:all</code> or{" "}
            <code className={styles.code}>debug:&#123;name&#125;</code> (such as <code className={styles.code}>debug:player</code>) set in this
            browser&apos;s local storage. The developer tools&apos; log keeps every line either way (at most 1000).
          </p>
        </section>
      </div>
    </div>
  );
}
