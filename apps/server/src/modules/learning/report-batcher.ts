import type { ReportInput, ReportOutcome } from './learning.repository';

interface Waiting {
  input: ReportInput;
  resolve(v: ReportOutcome | undefined): void;
  reject(err: unknown): void;
}

/**
 * Group commit for watch reports: reports that arrive while a statement is running wait and go together in the
 * next ONE statement (applyReports). At low load a report runs alone at once; under load the statements grow
 * instead of queueing one round trip per report. Two reports of the same user and lesson never share a statement
 * (the second waits for the next), so each is applied to the row the first left.
 */
export class ReportBatcher {
  private queue: Waiting[] = [];
  private running = false;

  constructor(
    private readonly apply: (inputs: ReportInput[]) => Promise<(ReportOutcome | undefined)[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(input: ReportInput): Promise<ReportOutcome | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests parsed in this turn of the event loop join the first statement.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      const keys = new Set<string>();
      for (const w of this.queue) {
        const key = `${w.input.userId}:${w.input.lessonId}`;
        if (batch.length < this.maxBatch && !keys.has(key)) {
          keys.add(key);
          batch.push(w);
        } else rest.push(w);
      }
      this.queue = rest;
      try {
        const t0 = performance.now();
        const out = await this.apply(batch.map((w) => w.input));
        (globalThis as any).__stat ??= [];
        (globalThis as any).__stat.push(['apply', batch.length, performance.now() - t0, this.queue.length]);
        batch.forEach((w, i) => w.resolve(out[i]));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
  }
}
setInterval(() => {
  const s = ((globalThis as any).__stat ?? []) as [string, number, number][];
  (globalThis as any).__stat = [];
  const by = new Map<string, { n: number; items: number; ms: number; max: number }>();
  for (const [k, items, ms] of s) {
    const x = by.get(k) ?? { n: 0, items: 0, ms: 0, max: 0 };
    x.n++; x.items += items; x.ms += ms; x.max = Math.max(x.max, ms);
    by.set(k, x);
  }
  if (by.size) console.error(JSON.stringify([...by].map(([k, x]) => `${k}: ${x.n} calls, avg ${(x.items / x.n).toFixed(1)} items, avg ${(x.ms / x.n).toFixed(1)} ms, max ${x.max.toFixed(0)} ms`)));
}, 1000).unref();
