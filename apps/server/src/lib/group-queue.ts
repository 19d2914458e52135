/**
 * Runs work in groups ("group commit"): an item that arrives while nothing runs starts a call in the same turn of
 * the event loop (setImmediate: after the input already read has been handled, no timer wait), together with every
 * item that arrives in that turn; items that arrive while a call runs wait, and the next call takes all of them.
 * Under load one statement then serves many requests (one round trip, one commit), which is what lets one process
 * keep up with bursts such as every candidate autosaving at once. Waiting for the turn matters most on the embedded
 * database, whose statements run in this thread: a call started at once would finish before the next request was
 * even read, so every call would carry one item. Each item's promise settles only when the call that carried it has
 * finished, so a caller is never told "done" before its work is; a call that throws rejects every item it carried.
 */
export function createGroupQueue<I, O>(
  run: (items: readonly I[]) => Promise<readonly O[]>,
  options: {
    /** Most items in one call. */
    max?: number;
    /** Items with the same key never share a call (e.g. two writes of one row); they keep their order. */
    key?: (item: I) => unknown;
  } = {},
) {
  const max = options.max ?? 500;
  type Job = { item: I; resolve: (out: O) => void; reject: (err: unknown) => void };
  let queue: Job[] = [];
  /** A call is scheduled or running. */
  let running = false;

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const group: Job[] = [];
        const later: Job[] = [];
        const keys = new Set<unknown>();
        for (const job of queue) {
          const k = options.key?.(job.item);
          if (group.length >= max || (options.key && keys.has(k))) later.push(job);
          else {
            keys.add(k);
            group.push(job);
          }
        }
        queue = later;
        try {
          const out = await run(group.map((j) => j.item));
          group.forEach((j, i) => j.resolve(out[i]!));
        } catch (err) {
          for (const j of group) j.reject(err);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    push(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
