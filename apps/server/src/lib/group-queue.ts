/**
 * Runs work in groups ("group commit"): an item that arrives while nothing runs is run at once, alone (no added
 * wait); items that arrive while a group runs wait, and the next call takes all of them. Under load one statement
 * then serves many requests (one round trip, one commit), which is what lets one process keep up with bursts such as
 * every candidate autosaving at once. Each item's promise settles only when the call that carried it has finished,
 * so a caller is never told "done" before its work is; a call that throws rejects every item it carried.
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
  let running = false;

  async function drain(): Promise<void> {
    running = true;
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
        if (!running) void drain();
      });
    },
  };
}
