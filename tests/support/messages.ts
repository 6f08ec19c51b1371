/**
 * Reads what the server really sent on a channel with no transport configured:
 * the local messages adapter's DATA_DIR/messages/outbox.jsonl
 * (app/platform/messages/local.server.ts). Tests take codes from here, as a
 * developer would from the file or the server log; no page shows them.
 */
import fs from "node:fs";
import { outboxPath, type OutboxLine } from "~/platform/messages/local.server";

export function readOutbox(dataDir: string): OutboxLine[] {
  let text: string;
  try {
    text = fs.readFileSync(outboxPath(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest message to a recipient (as the server stores it: lower-case e-mail, E.164 phone), or undefined. */
export function latestMessage(dataDir: string, recipient: string, subject?: string): OutboxLine | undefined {
  return readOutbox(dataDir)
    .filter((m) => m.recipient === recipient && (subject === undefined || m.subject === subject))
    .at(-1);
}

/**
 * The 6-digit code of the newest message to a recipient. Polls briefly: a
 * server in another process may answer the request a moment before the line
 * is on disk.
 */
export async function latestCode(dataDir: string, recipient: string, options: { subject?: string; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 3_000);
  for (;;) {
    const code = /\b(\d{6})\b/.exec(latestMessage(dataDir, recipient, options.subject)?.body ?? "")?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code for ${recipient} in ${outboxPath(dataDir)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
