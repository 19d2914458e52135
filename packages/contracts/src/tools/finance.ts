/** Loans, investment appraisal and depreciation. Money in integer fen; rates as Decimals or plain fractions. */
import { D, toFen, type Dec } from './money';

// ---------------------------------------------------------------------------------------------------------------
// Loans

export type LoanMethod = 'annuity' | 'principal';

export interface LoanRow {
  period: number;
  paymentFen: number;
  principalFen: number;
  interestFen: number;
  balanceFen: number;
}

export interface LoanSchedule {
  rows: LoanRow[];
  totalInterestFen: number;
  totalPaymentFen: number;
}

/** Equal-instalment payment for a balance over n months at monthly rate r, rounded to the fen. */
export function annuityPayment(balanceFen: number, monthlyRate: Dec, months: number): number {
  if (monthlyRate.isZero()) return toFen(new D(balanceFen).div(months));
  const f = monthlyRate.plus(1).pow(months);
  return toFen(new D(balanceFen).mul(monthlyRate).mul(f).div(f.minus(1)));
}

/**
 * A schedule of `months` payments from `balanceFen`. Interest each month is balance × monthly rate, rounded to the
 * fen; the last payment takes the remaining balance, so the principal parts always sum to the loan exactly.
 */
export function loanSchedule(balanceFen: number, annualRate: Dec, months: number, method: LoanMethod, startPeriod = 1): LoanSchedule {
  const r = annualRate.div(12);
  const rows: LoanRow[] = [];
  let balance = balanceFen;
  const payment = method === 'annuity' ? annuityPayment(balanceFen, r, months) : 0;
  const principalPart = method === 'principal' ? toFen(new D(balanceFen).div(months)) : 0;
  for (let k = 0; k < months; k++) {
    const interest = toFen(new D(balance).mul(r));
    const last = k === months - 1;
    let principal = method === 'annuity' ? payment - interest : principalPart;
    if (last || principal > balance) principal = balance;
    if (principal < 0) principal = 0;
    balance -= principal;
    rows.push({ period: startPeriod + k, paymentFen: principal + interest, principalFen: principal, interestFen: interest, balanceFen: balance });
  }
  return summarise(rows);
}

function summarise(rows: LoanRow[]): LoanSchedule {
  return {
    rows,
    totalInterestFen: rows.reduce((a, x) => a + x.interestFen, 0),
    totalPaymentFen: rows.reduce((a, x) => a + x.paymentFen, 0),
  };
}

export interface Prepayment {
  /** The prepayment is made together with this period's payment (1 … months − 1). */
  afterPeriod: number;
  amountFen: number;
  mode: 'shorten' | 'reduce';
}

export interface PrepaidLoan {
  original: LoanSchedule;
  schedule: LoanSchedule;
  /** Months remaining after the prepayment. */
  remainingMonths: number;
  interestSavedFen: number;
  newPaymentFen: number;
}

/**
 * Early repayment: the first `afterPeriod` rows are paid as planned, then the extra amount reduces the balance.
 * `reduce` keeps the end date and lowers the instalment; `shorten` keeps about the same instalment (equal
 * instalments) or the same principal part (equal principal) and ends earlier.
 */
export function prepayLoan(principalFen: number, annualRate: Dec, months: number, method: LoanMethod, p: Prepayment): PrepaidLoan {
  const original = loanSchedule(principalFen, annualRate, months, method);
  const head = original.rows.slice(0, p.afterPeriod);
  const balanceBefore = head[head.length - 1]?.balanceFen ?? principalFen;
  const amount = Math.min(p.amountFen, balanceBefore);
  const balance = balanceBefore - amount;
  const left = months - p.afterPeriod;
  let remaining = left;
  if (balance > 0 && p.mode === 'shorten') {
    const r = annualRate.div(12);
    if (method === 'annuity') {
      const oldPayment = original.rows[0]!.paymentFen;
      if (r.isZero()) remaining = Math.ceil(balance / oldPayment);
      else {
        // n = −ln(1 − B·r / PMT) / ln(1 + r)
        const x = new D(1).minus(new D(balance).mul(r).div(oldPayment));
        remaining = x.lte(0) ? left : Math.ceil(x.ln().neg().div(r.plus(1).ln()).toNumber() - 1e-9);
      }
    } else {
      const part = original.rows[0]!.principalFen;
      remaining = Math.ceil(balance / part);
    }
    remaining = Math.max(1, Math.min(left, remaining));
  }
  const tail = balance > 0 ? loanSchedule(balance, annualRate, remaining, method, p.afterPeriod + 1).rows : [];
  if (head.length > 0 && amount > 0) {
    const lastHead = head[head.length - 1]!;
    head[head.length - 1] = { ...lastHead, paymentFen: lastHead.paymentFen + amount, principalFen: lastHead.principalFen + amount, balanceFen: balance };
  }
  const schedule = summarise([...head, ...tail]);
  return {
    original,
    schedule,
    remainingMonths: balance > 0 ? remaining : 0,
    interestSavedFen: original.totalInterestFen - schedule.totalInterestFen,
    newPaymentFen: tail[0]?.paymentFen ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Investment appraisal (rates are plain numbers here: they are not money)

/** NPV of flows at periods 0, 1, 2, … (flow 0 is not discounted), in the flows' unit. */
export function npv(rate: number, flows: number[]): number {
  return flows.reduce((acc, cf, t) => acc + cf / Math.pow(1 + rate, t), 0);
}

function npvDerivative(rate: number, flows: number[]): number {
  return flows.reduce((acc, cf, t) => acc - (t * cf) / Math.pow(1 + rate, t + 1), 0);
}

export function signChanges(flows: number[]): number {
  let changes = 0;
  let last = 0;
  for (const f of flows) {
    if (f === 0) continue;
    if (last !== 0 && Math.sign(f) !== Math.sign(last)) changes++;
    last = f;
  }
  return changes;
}

/**
 * A root of f in [lo, hi] where f(lo) and f(hi) have opposite signs: Newton steps kept inside the bracket,
 * bisection whenever a step would leave it or fails to shrink it enough.
 */
export function bracketedNewton(f: (x: number) => number, df: (x: number) => number, lo: number, hi: number): number {
  let a = lo, b = hi;
  let fa = f(a);
  let x = (a + b) / 2;
  for (let i = 0; i < 300; i++) {
    const fx = f(x);
    if (fx === 0) return x;
    if (Math.sign(fx) === Math.sign(fa)) { a = x; fa = fx; } else { b = x; }
    if (Math.abs(b - a) < 1e-15 * Math.max(1, Math.abs(x))) return x;
    const d = df(x);
    let next = d !== 0 ? x - fx / d : NaN;
    if (!(next > a && next < b)) next = (a + b) / 2;
    if (Math.abs(next - x) < 1e-16) return next;
    x = next;
  }
  return x;
}

export type IrrResult =
  | { kind: 'one'; rate: number }
  | { kind: 'none'; message: string }
  | { kind: 'multiple'; rates: number[]; message: string };

const IRR_GRID: number[] = (() => {
  const g: number[] = [-0.9999, -0.999, -0.995];
  for (let x = -0.99; x < 1; x += 0.005) g.push(x);
  for (let x = 1; x <= 1e6; x *= 1.02) g.push(x);
  return g;
})();

function roots(f: (x: number) => number, df: (x: number) => number): number[] {
  const found: number[] = [];
  let prevX = IRR_GRID[0]!;
  let prevF = f(prevX);
  if (prevF === 0) found.push(prevX);
  for (const x of IRR_GRID.slice(1)) {
    const fx = f(x);
    if (fx === 0) found.push(x);
    else if (prevF !== 0 && Math.sign(fx) !== Math.sign(prevF)) found.push(bracketedNewton(f, df, prevX, x));
    prevX = x;
    prevF = fx;
  }
  return found;
}

function classify(rs: number[], changes: number): IrrResult {
  if (changes === 0) return { kind: 'none', message: '现金流没有正负变化（需要至少一笔流出和一笔流入），不存在内部收益率' };
  if (rs.length === 0) return { kind: 'none', message: '在−99.99%至100000000%的范围内找不到使净现值为零的收益率，内部收益率不存在' };
  if (rs.length > 1)
    return { kind: 'multiple', rates: rs, message: `现金流多次变号，存在${rs.length}个内部收益率，IRR不能作为唯一的判断依据，请改用净现值` };
  return { kind: 'one', rate: rs[0]! };
}

export function irr(flows: number[]): IrrResult {
  const changes = signChanges(flows);
  if (changes === 0) return classify([], 0);
  return classify(roots((r) => npv(r, flows), (r) => npvDerivative(r, flows)), changes);
}

export interface DatedFlow {
  /** ISO date yyyy-mm-dd. */
  date: string;
  amount: number;
}

const dayMs = 86_400_000;
const yearsFrom = (d0: string, d: string) => (Date.parse(`${d}T00:00:00Z`) - Date.parse(`${d0}T00:00:00Z`)) / dayMs / 365;

/** NPV of dated flows discounted to the first date with (1 + r)^(days / 365), as spreadsheet XNPV does. */
export function xnpv(rate: number, flows: DatedFlow[]): number {
  const d0 = flows[0]!.date;
  return flows.reduce((acc, f) => acc + f.amount / Math.pow(1 + rate, yearsFrom(d0, f.date)), 0);
}

export function xirr(flows: DatedFlow[]): IrrResult {
  const changes = signChanges(flows.map((f) => f.amount));
  if (changes === 0) return classify([], 0);
  const d0 = flows[0]!.date;
  const df = (r: number) => flows.reduce((acc, f) => {
    const t = yearsFrom(d0, f.date);
    return acc - (t * f.amount) / Math.pow(1 + r, t + 1);
  }, 0);
  return classify(roots((r) => xnpv(r, flows), df), changes);
}

/** Periods until the cumulative (optionally discounted) flow turns non-negative, with linear interpolation; null if never. */
export function payback(flows: number[], rate?: number): number | null {
  let cum = 0;
  for (let t = 0; t < flows.length; t++) {
    const cf = rate === undefined ? flows[t]! : flows[t]! / Math.pow(1 + rate, t);
    const before = cum;
    cum += cf;
    if (before < 0 && cum >= 0) return t - 1 + -before / cf;
    if (t === 0 && cum >= 0) return 0;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Depreciation

export type DepreciationMethod = 'straight' | 'ddb' | 'syd' | 'units';

export interface DepreciationRow {
  year: number;
  depreciationFen: number;
  accumulatedFen: number;
  bookValueFen: number;
  /** How the year's amount was found. */
  note: string;
}

/**
 * Annual schedule; the last year takes what is left above the salvage value, so the total is exactly
 * cost − salvage. Double declining balance switches to straight line over the last two years (企业会计准则第4号
 * 应用指南). Units of production needs `units` per year and their total.
 */
export function depreciation(costFen: number, salvageFen: number, years: number, method: DepreciationMethod, units?: { total: number; perYear: number[] }): DepreciationRow[] {
  const base = costFen - salvageFen;
  const rows: DepreciationRow[] = [];
  let acc = 0;
  const n = method === 'units' ? units!.perYear.length : years;
  const sydTotal = (years * (years + 1)) / 2;
  for (let k = 1; k <= n; k++) {
    const book = costFen - acc;
    let dep: number;
    let note: string;
    const last = k === n;
    if (method === 'straight') {
      dep = toFen(new D(base).div(years));
      note = `(原值 − 残值) ÷ ${years}年`;
    } else if (method === 'syd') {
      dep = toFen(new D(base).mul(years - k + 1).div(sydTotal));
      note = `(原值 − 残值) × ${years - k + 1}/${sydTotal}`;
    } else if (method === 'units') {
      const u = units!.perYear[k - 1]!;
      dep = toFen(new D(base).mul(u).div(units!.total));
      note = `(原值 − 残值) × ${u}/${units!.total}`;
    } else if (k > years - 2) {
      // Last two years: the remaining net value above salvage, in two equal parts.
      const remaining = book - salvageFen;
      dep = k === years ? remaining : toFen(new D(remaining).div(years - k + 1));
      note = '最后两年：(账面净值 − 残值) ÷ 剩余年限';
    } else {
      dep = toFen(new D(book).mul(2).div(years));
      note = `账面净值 × 2/${years}`;
    }
    const unitsDone = method === 'units' && units!.perYear.slice(0, k).reduce((a, b) => a + b, 0) >= units!.total;
    if ((last && method !== 'units') || unitsDone) dep = book - salvageFen;
    dep = Math.max(0, Math.min(dep, book - salvageFen));
    acc += dep;
    rows.push({ year: k, depreciationFen: dep, accumulatedFen: acc, bookValueFen: costFen - acc, note });
  }
  return rows;
}
