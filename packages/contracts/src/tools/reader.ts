/** Reads a tool's string inputs (from the form or the URL), collecting one Chinese message per field. */
import { parseInteger, parsePercent, parseYuan, type Dec } from './money';
import { D } from './money';

export class InputReader {
  readonly errors: Record<string, string> = {};
  constructor(private readonly v: Record<string, string>) {}

  private fail<T>(name: string, message: string, fallback: T): T {
    this.errors[name] ??= message;
    return fallback;
  }

  raw(name: string): string {
    return (this.v[name] ?? '').trim();
  }

  money(name: string, label: string, opts: { required?: boolean; signed?: boolean } = {}): number {
    const r = parseYuan(this.v[name], label, opts);
    return r.ok ? r.value : this.fail(name, r.message, 0);
  }

  percent(name: string, label: string, max = 100, min = 0): Dec {
    const r = parsePercent(this.v[name], label, max, min);
    return r.ok ? r.value : this.fail(name, r.message, new D(0));
  }

  integer(name: string, label: string, min: number, max: number, message?: string): number {
    const r = parseInteger(this.v[name], label, min, max);
    return r.ok ? r.value : this.fail(name, message && !/必须是整数|请输入/.test(r.message) ? message : r.message, min);
  }

  choice<T extends string>(name: string, label: string, allowed: readonly T[]): T {
    const s = this.raw(name) as T;
    return allowed.includes(s) ? s : this.fail(name, `请选择${label}`, allowed[0]!);
  }

  /** A list of amounts separated by commas, spaces or new lines. */
  moneyList(name: string, label: string, opts: { signed?: boolean } = {}): number[] {
    const parts = this.raw(name).split(/[,，\s]+/).filter(Boolean);
    const out: number[] = [];
    for (const [i, p] of parts.entries()) {
      const r = parseYuan(p, `第${i + 1}个${label}`, opts);
      if (!r.ok) return this.fail(name, r.message, []);
      out.push(r.value);
    }
    return out;
  }

  error(name: string, message: string): void {
    this.errors[name] ??= message;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
