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
        const out = await this.apply(batch.map((w) => w.input));
        batch.forEach((w, i) => w.resolve(out[i]));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
  }
}
