import type { Db } from '../../db/client';
import type { AchieveIncrement, DailyIncrement } from './learning.repository';
import { createLearningRepository } from './learning.repository';
import { chinaDay } from '../../lib/china-time';

export interface LearningBufferOptions {
  db: Db;
  /** Flush period, ms. */
  intervalMs?: number;
  /** Flush early once this many distinct keys are waiting. */
  maxKeys?: number;
  onError?: (err: unknown) => void;
}

/**
 * Aggregate increments of learning time (daily seconds for the rankings, achievements), summed in memory and
 * written every ~1 s in ONE transaction of two multi-row upserts, so thousands of learners reporting every 15 s
 * cost a handful of statements per second instead of two per report. (The course record is updated by the report's
 * own statement.)
 *
 * What is buffered is only additive: the per-report credit itself is decided atomically in the database
 * (learning.repository applyReport), so several server processes stay correct; each process flushes its own sums.
 * Trade-off: a crash loses at most the last interval's increments (≈1 s of learning time of the reports in it),
 * and rankings/achievements lag by up to one interval. A failed flush keeps its sums for the next try.
 */
export class LearningBuffer {
  private daily = new Map<string, DailyIncrement>();
  private achieve = new Map<number, AchieveIncrement>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly db: Db;
  private readonly maxKeys: number;
  private readonly onError: (err: unknown) => void;

  constructor(opts: LearningBufferOptions) {
    this.db = opts.db;
    this.maxKeys = opts.maxKeys ?? 5_000;
    this.onError = opts.onError ?? (() => undefined);
    const interval = opts.intervalMs ?? 1_000;
    if (interval > 0) {
      this.timer = setInterval(() => void this.flush().catch(this.onError), interval);
      this.timer.unref();
    }
  }

  get pending(): number {
    return this.daily.size + this.achieve.size;
  }

  /** Credits `seconds` of learning of a user at `now`. */
  addLearning(userId: number, seconds: number, now: Date): void {
    if (seconds <= 0) return;
    const day = chinaDay(now);
    const dk = `${userId}|${day}`;
    const d = this.daily.get(dk);
    if (d) d.seconds += seconds;
    else this.daily.set(dk, { userId, day, seconds });
    this.achievement(userId).seconds += seconds;
    if (this.pending >= this.maxKeys) void this.flush().catch(this.onError);
  }

  addFinishedCourse(userId: number): void {
    this.achievement(userId).finishedCourses += 1;
  }

  private achievement(userId: number): AchieveIncrement {
    let a = this.achieve.get(userId);
    if (!a) {
      a = { userId, seconds: 0, finishedCourses: 0 };
      this.achieve.set(userId, a);
    }
    return a;
  }

  /** Writes what is waiting; concurrent calls share one flush, then a new one picks up what arrived meanwhile. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending === 0) return;
    const daily = [...this.daily.values()];
    const achieve = [...this.achieve.values()].filter((a) => a.seconds > 0 || a.finishedCourses > 0);
    this.daily = new Map();
    this.achieve = new Map();
    this.flushing = this.db
      .transaction(async (tx) => {
        await createLearningRepository(tx).applyIncrements(daily, achieve);
      })
      .catch((err: unknown) => {
        // Put the sums back so the next flush writes them.
        for (const d of daily) this.mergeDaily(d);
        for (const a of achieve) {
          const x = this.achievement(a.userId);
          x.seconds += a.seconds;
          x.finishedCourses += a.finishedCourses;
        }
        throw err;
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  private mergeDaily(d: DailyIncrement) {
    const k = `${d.userId}|${d.day}`;
    const x = this.daily.get(k);
    if (x) x.seconds += d.seconds;
    else this.daily.set(k, { ...d });
  }

  /** Stops the timer and writes the rest (the app's onClose, before the database closes). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
