/**
 * Holds local storage writes while a backup links the storage tree
 * (docs/decisions/0098). Every put and remove of LocalStorage enters the gate
 * of its root (any number at once); `exclusive` waits for those in flight to
 * finish, keeps new ones waiting while it runs, then lets them go.
 *
 * Kept on globalThis by root, like the runtime: server.ts (which answers
 * `npm run db:backup`) and the Remix bundle (whose routes write files) are two
 * module graphs, and each builds LocalStorage instances of its own.
 *
 * Lock order: a backup takes the database's turn first, then this gate. A put
 * inside a transaction holds the turn, so the backup waits for its commit; a
 * put never queries the database while it is inside the gate. No cycle.
 */
import path from "node:path";

export class WriteGate {
  #writers = 0;
  #held: Promise<void> | null = null;
  #drained: (() => void) | null = null;

  /** Waits while an exclusive hold runs; the returned function leaves the gate. */
  async enter(): Promise<() => void> {
    while (this.#held) await this.#held;
    this.#writers++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#writers--;
      if (this.#writers === 0) this.#drained?.();
    };
  }

  /** Runs `fn` with no write in progress and none starting until it ends. */
  async exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    while (this.#held) await this.#held;
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    try {
      if (this.#writers > 0) await new Promise<void>((resolve) => (this.#drained = resolve));
      this.#drained = null;
      return await fn();
    } finally {
      this.#held = null;
      release();
    }
  }

  /** Runs `fn` inside the gate (a write). */
  async write<T>(fn: () => Promise<T>): Promise<T> {
    const leave = await this.enter();
    try {
      return await fn();
    } finally {
      leave();
    }
  }
}

const KEY = Symbol.for("hit-factory.storage-write-gates");
type Holder = { [KEY]?: Map<string, WriteGate> };

/** The one gate of a storage root in this process. */
export function storageWriteGate(root: string): WriteGate {
  const holder = globalThis as Holder;
  const gates = (holder[KEY] ??= new Map());
  const key = path.resolve(root);
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new WriteGate()));
  return gate;
}
