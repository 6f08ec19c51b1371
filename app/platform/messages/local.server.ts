/**
 * The local messages adapter, for a channel with no transport configured (the
 * embedded default): each message is appended as one JSON line to
 * DATA_DIR/messages/outbox.jsonl and written to the server log, so whoever
 * runs the server (and only they) can read a code and sign in.
 *
 * The directory is 0700 and the file 0600: other accounts on the machine must
 * not read codes. Nothing in the app serves this file.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { MessagePort, OutgoingMessage } from "./port";

export const OUTBOX_FILE = "outbox.jsonl";

export function messagesDir(dataDir: string): string {
  return path.join(dataDir, "messages");
}

export function outboxPath(dataDir: string): string {
  return path.join(messagesDir(dataDir), OUTBOX_FILE);
}

/** One line of the outbox file. */
export interface OutboxLine extends OutgoingMessage {
  at: string;
}

export interface LocalMessagesOptions {
  dataDir: string;
  log?: (line: string) => void;
  now?: () => Date;
}

export function createLocalMessages(options: LocalMessagesOptions): MessagePort {
  const dir = messagesDir(options.dataDir);
  const file = outboxPath(options.dataDir);
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());
  let ready: Promise<void> | undefined;

  // mkdir's and open's modes are only used on creation (and masked by the
  // umask): chmod makes them hold for a directory or file that already existed.
  const prepare = () =>
    (ready ??= (async () => {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.chmod(dir, 0o700);
    })().catch((error) => {
      ready = undefined;
      throw error;
    }));

  return {
    async send(message) {
      await prepare();
      const { channel, recipient, subject, body } = message;
      const line: OutboxLine = { at: now().toISOString(), channel, recipient, subject, body };
      // O_APPEND: concurrent sends each land as a whole line.
      const handle = await fs.open(file, "a", 0o600);
      try {
        await handle.chmod(0o600);
        await handle.appendFile(JSON.stringify(line) + "\n", "utf8");
      } finally {
        await handle.close();
      }
      log(`[messages] ${channel} to ${recipient} (no transport configured, kept in ${file}): ${subject}: ${body}`);
    },
  };
}
