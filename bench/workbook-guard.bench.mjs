// Memory and main-thread delay of the workbook guard (apps/server/src/lib/workbook-guard.ts: every workbook upload
// is checked in a piscina worker thread against WORKBOOK_LIMITS before exceljs sees it), for (a) hostile workbooks
// that inflate to about 200 MB from about 600 KB and (b) a legitimate workbook at the row limit (20,000 rows x 10
// columns of Chinese text), against baselines measured in the same run: the process at rest (its RSS, and the
// event-loop delay with no work) and, for contrast, exceljs parsing the same legitimate workbook on the main thread
// (what the routes would do without the guard's worker). Each scenario runs in its own child process
// (`node --import tsx`, the server's TypeScript sources): peak RSS is the kernel's high-water mark (VmHWM, reset
// after start-up; main and worker threads share it), event-loop delay is perf_hooks.monitorEventLoopDelay on the
// main thread while the check runs. The worker's own heap is sampled inside a pool of the same options whose task
// wraps the guard's worker function (bench/workbook-heap.worker.mjs).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, round, sleep, writeResult } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const benchDir = path.dirname(self);
const serverSrc = path.resolve(benchDir, '..', 'apps', 'server', 'src');
// Enough calls one after the other for V8 to collect the copies of the uploads at least once (see rss_after_each_call_mb).
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const EXCELJS_RUNS = Number(process.env.BENCH_EXCELJS_RUNS ?? 3);
const IDLE_MS = 3_000;
const ROWS = 20_000; // the header and 19,999 rows: exactly WORKBOOK_LIMITS.maxRows
const COLUMNS = 10;

// --- workbooks -----------------------------------------------------------------------------------------------

const HAN =
  '财务管理会计税务审计报表成本预算核算资产负债利润现金流量收入费用凭证科目账簿发票合同采购销售库存薪酬社保公积金' +
  '河南郑州洛阳开封新乡南阳许昌平顶山安阳焦作周口商丘信阳驻马店漯河三门峡鹤壁濮阳济源有限公司集团股份科技实业贸易' +
  '张王李赵刘陈杨黄周吴徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';

const BOILERPLATE =
  '本人承诺所填报的个人信息、学历学位、工作经历及会计专业技术资格等内容真实准确完整，如有虚假，愿承担由此产生的一切后果；同意培训机构按照继续教育管理办法核验相关信息，并将学习记录报送主管部门备案。'.repeat(
    5,
  );

/**
 * A legitimate import at the row limit: 20,000 rows (header included) x 10 columns of mostly unique Chinese text,
 * about 4 MB, under the 5 MB upload limit of the import routes. `boilerplate`: every remark also carries the same
 * long pledge (485 characters), which deflate shrinks to almost nothing: about the most uncompressed bytes
 * (near the guard's 50 MB) a legitimate workbook brings within the upload limit.
 */
export async function legitimateWorkbook(ExcelJS, boilerplate = false) {
  let seed = 12345;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const text = (min, max) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    let s = '';
    for (let i = 0; i < n; i++) s += HAN[Math.floor(rand() * HAN.length)];
    return s;
  };
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入数据');
  ws.addRow([
    '姓名',
    '手机号',
    '单位名称',
    '所在地区',
    '职务',
    '证书名称',
    '证书编号',
    '考试科目',
    '备注',
    '通讯地址',
  ]);
  for (let r = 1; r < ROWS; r++) {
    ws.addRow([
      text(2, 3),
      `1${String(3800000000 + r * 7919).slice(0, 10)}`,
      `${text(4, 8)}有限公司`,
      text(4, 6),
      text(2, 5),
      `${text(4, 8)}证书`,
      `ZS${String(r).padStart(8, '0')}`,
      text(4, 10),
      boilerplate ? `${text(10, 20)}。${BOILERPLATE}` : text(30, 60),
      text(12, 30),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sum of the uncompressed sizes the zip declares (its central directory). */
export function declaredUncompressed(buf) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += buf.readUInt32LE(at + 24);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return total;
}

// --- child: one scenario ---------------------------------------------------------------------------------------

const mb = (bytes) => round(bytes / 2 ** 20, 1);
const ms = (ns) => round(ns / 1e6, 1);
const status = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;

function delayFigures(h) {
  return { max_ms: ms(h.max), p99_ms: ms(h.percentile(99)), mean_ms: ms(h.mean) };
}

async function scenario(name, input) {
  const guard = await import(path.join(serverSrc, 'lib', 'workbook-guard.ts'));
  const { guardWorkbook, closeWorkbookGuard, WORKBOOK_LIMITS } = guard;
  const ExcelJS = (await import('exceljs')).default;
  const content = input && name !== 'worker-heap' ? readFileSync(input) : null;
  global.gc?.();
  await sleep(200);
  const restRss = status('VmRSS');
  writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
  const h = monitorEventLoopDelay({ resolution: 2 });

  if (name === 'rest') {
    h.enable();
    await sleep(IDLE_MS);
    h.disable();
    return { rest_rss_mb: mb(restRss), idle_ms: IDLE_MS, event_loop_delay: delayFigures(h) };
  }

  if (name === 'worker-heap') {
    // The guard's worker function in a pool of the guard's options, sampling the worker's own heap.
    const { Piscina } = await import('piscina');
    const pool = new Piscina({
      filename: path.join(benchDir, 'workbook-heap.worker.mjs'),
      minThreads: 0,
      maxThreads: 2,
      idleTimeout: 30_000,
    });
    const { timeoutMs: _t, ...limits } = WORKBOOK_LIMITS;
    const out = {};
    for (const item of input.split(',')) {
      // `read:<file>`: the guard worker's read (limits, then exceljs); a plain file: the limits only.
      const [fn, file] = item.startsWith('read:') ? ['read', item.slice(5)] : ['default', item];
      const buf = readFileSync(file);
      const r = await pool.run({ fn, content: new Uint8Array(buf), limits });
      out[`${fn === 'read' ? 'read_' : ''}${path.basename(file, '.xlsx')}`] = {
        result: r.result.ok ? 'ok' : r.result.reason,
        heap_used_start_mb: mb(r.heap_used_start),
        heap_used_peak_mb: mb(r.heap_used_peak),
        heap_growth_peak_mb: mb(r.heap_used_peak - r.heap_used_start),
        heap_physical_start_mb: mb(r.heap_physical_start),
        heap_physical_peak_mb: mb(r.heap_physical_peak),
        v8_malloced_peak_mb: mb(r.malloced_peak),
        external_growth_peak_mb: mb(r.external_growth_peak),
        heap_limit_mb: mb(r.heap_limit),
      };
    }
    await pool.destroy();
    return out;
  }

  const exceljs = name === 'exceljs';
  const refused = (err) => `refused ${err.code}: ${err.message}`;
  const checks = {
    exceljs: async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(content);
      return `${wb.worksheets[0].rowCount} rows`;
    },
    guard: () => guardWorkbook(content).then(() => 'accepted', refused),
    // What the import routes call: the guard, then exceljs's reading, both in the worker; the cells cross back.
    read: () => guard.readWorkbook(content).then((sheets) => `read ${sheets[0].rowCount} rows`, refused),
  };
  const check = checks[name];
  const runs = name === 'guard' ? RUNS : EXCELJS_RUNS;
  const wall = [];
  const cpu = [];
  const delays = [];
  const rssAfter = [];
  let outcome;
  let coldMs;
  let coldDelay;
  // The first guard call starts the worker thread (cold); the pool keeps it 30 s, so the rest are warm.
  for (let i = 0; i < runs + (exceljs ? 0 : 1); i++) {
    const c0 = process.cpuUsage();
    h.reset();
    h.enable();
    const t0 = performance.now();
    outcome = await check();
    const t = performance.now() - t0;
    h.disable();
    const c = process.cpuUsage(c0);
    rssAfter.push(mb(status('VmRSS') - restRss));
    if (!exceljs && i === 0) {
      coldMs = t;
      coldDelay = delayFigures(h).max_ms;
      continue;
    }
    wall.push(t);
    cpu.push((c.user + c.system) / 1000);
    delays.push(delayFigures(h));
  }
  const peakRss = status('VmHWM');
  await closeWorkbookGuard();
  global.gc?.();
  await sleep(100);
  const endRss = status('VmRSS');
  return {
    outcome,
    runs,
    ...(coldMs !== undefined
      ? { first_call_ms_with_worker_start: round(coldMs, 1), first_call_event_loop_delay_max_ms: coldDelay }
      : {}),
    wall_ms_median: round(median(wall), 1),
    wall_ms_max: round(Math.max(...wall), 1),
    cpu_ms_median: round(median(cpu), 1),
    rest_rss_mb: mb(restRss),
    peak_rss_mb: mb(peakRss),
    peak_rss_growth_mb: mb(peakRss - restRss),
    end_rss_growth_mb: mb(endRss - restRss),
    rss_after_each_call_mb: rssAfter,
    event_loop_delay_max_ms: Math.max(...delays.map((d) => d.max_ms)),
    event_loop_delay_p99_ms_median: median(delays.map((d) => d.p99_ms)),
  };
}

function child(args) {
  return new Promise((resolve, reject) => {
    const proc = fork(self, args, {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer;
    proc.on('message', (m) => (answer = m));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      code === 0 && answer ? resolve(answer) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function run() {
  const ExcelJS = (await import('exceljs')).default;
  // The guard test's workbooks, from the server's TypeScript test fixtures.
  (await import('tsx/esm/api')).register();
  const { workbookBomb } = await import(pathToFileURL(path.join(serverSrc, 'testing', 'workbooks.ts')).href);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-workbook-'));
  try {
    const t0 = performance.now();
    const legit = await legitimateWorkbook(ExcelJS);
    const genMs = performance.now() - t0;
    const heavy = await legitimateWorkbook(ExcelJS, true);
    const files = {
      bomb_declared: workbookBomb(),
      bomb_understated: workbookBomb({ declaredSize: 4096 }),
      bomb_declares_49mb: workbookBomb({ declaredSize: 49 * 2 ** 20 }),
      bomb_padding_declares_49mb: workbookBomb({ declaredSize: 49 * 2 ** 20, padding: true }),
      legitimate: legit,
      legitimate_near_50mb: heavy,
    };
    const inputs = {};
    for (const [name, buf] of Object.entries(files))
      writeFileSync((inputs[name] = path.join(tmp, `${name}.xlsx`)), buf);
    const describe = Object.fromEntries(
      Object.entries(files).map(([name, buf]) => [
        name,
        { kb: round(buf.length / 1024, 0), declared_uncompressed_mb: mb(declaredUncompressed(buf)) },
      ]),
    );
    for (const name of Object.keys(files)) if (name.startsWith('bomb')) describe[name].inflates_to_mb = 200;
    for (const name of ['legitimate', 'legitimate_near_50mb'])
      Object.assign(describe[name], { rows: ROWS, columns: COLUMNS });
    describe.legitimate.generate_ms = round(genMs, 0);

    const s = {};
    s.rest = await child(['--scenario', 'rest']);
    console.log(
      `[workbook-guard] rest: RSS ${s.rest.rest_rss_mb} MB, event-loop delay max ${s.rest.event_loop_delay.max_ms} ms`,
    );
    const guarded = [
      'bomb_declared',
      'bomb_understated',
      'bomb_declares_49mb',
      'bomb_padding_declares_49mb',
      'legitimate',
      'legitimate_near_50mb',
    ];
    for (const name of guarded) {
      s[name] = await child(['--scenario', 'guard', inputs[name]]);
      console.log(
        `[workbook-guard] ${name}: ${s[name].outcome}; ${s[name].wall_ms_median} ms, peak RSS +${s[name].peak_rss_growth_mb} MB, event-loop max ${s[name].event_loop_delay_max_ms} ms`,
      );
    }
    for (const name of ['legitimate', 'legitimate_near_50mb']) {
      s[`read_${name}`] = await child(['--scenario', 'read', inputs[name]]);
      const x = s[`read_${name}`];
      console.log(
        `[workbook-guard] readWorkbook ${name}: ${x.outcome}; ${x.wall_ms_median} ms, peak RSS +${x.peak_rss_growth_mb} MB, event-loop max ${x.event_loop_delay_max_ms} ms`,
      );
    }
    s.exceljs = await child(['--scenario', 'exceljs', inputs.legitimate]);
    s.exceljs_near_50mb = await child(['--scenario', 'exceljs', inputs.legitimate_near_50mb]);
    for (const k of ['exceljs', 'exceljs_near_50mb'])
      console.log(
        `[workbook-guard] ${k} on the main thread: ${s[k].wall_ms_median} ms, peak RSS +${s[k].peak_rss_growth_mb} MB, event-loop max ${s[k].event_loop_delay_max_ms} ms`,
      );
    const heapInputs = [
      ...guarded.map((n) => inputs[n]),
      `read:${inputs.legitimate}`,
      `read:${inputs.legitimate_near_50mb}`,
    ];
    const heap = await child(['--scenario', 'worker-heap', heapInputs.join(',')]);

    const ratio = (a, b) => (b > 0 ? round(a / b, 2) : null);
    const idleMax = s.rest.event_loop_delay.max_ms;
    const vs = (x, excel = s.exceljs) => ({
      peak_rss_vs_rest_rss: ratio(x.peak_rss_mb, s.rest.rest_rss_mb),
      event_loop_max_vs_idle: ratio(x.event_loop_delay_max_ms, idleMax),
      event_loop_max_vs_exceljs: ratio(x.event_loop_delay_max_ms, excel.event_loop_delay_max_ms),
      peak_rss_growth_vs_exceljs: ratio(x.peak_rss_growth_mb, excel.peak_rss_growth_mb),
      wall_vs_exceljs: ratio(x.wall_ms_median, excel.wall_ms_median),
    });
    return {
      method: `guardWorkbook of apps/server/src/lib/workbook-guard.ts (sources via tsx, its piscina pool: 2 threads at most) on each workbook, each in its own child process: 1 cold call (starts the worker thread) then ${RUNS} warm calls one after the other; readWorkbook (the guard, then exceljs reading the workbook in the same worker, the cells sent back; what the import routes call) on the legitimate workbooks: 1 cold and ${EXCELJS_RUNS} warm calls; exceljs: ${EXCELJS_RUNS} loads (new ExcelJS.Workbook().xlsx.load(buffer)) on the main thread. Peak RSS = VmHWM of the process (main and worker threads) reset after start-up, growth against RSS at rest in the same child; event-loop delay = monitorEventLoopDelay (2 ms resolution) on the main thread during each warm call, max over the calls and median of the p99s (the cold call's max apart); CPU = process.cpuUsage, all threads. Baselines in the same run: a child at rest (RSS, event-loop delay over ${IDLE_MS / 1000} s idle) and exceljs on the same legitimate workbooks. Worker heap: the guard's worker function in a pool of the same options, V8 used heap and external sampled every 2 ms inside the worker during one call each, one after the other in one pool (the guard, then readWorkbook's worker part)`,
      workbooks: describe,
      baseline_rest: s.rest,
      baseline_exceljs_main_thread: s.exceljs,
      baseline_exceljs_main_thread_near_50mb: s.exceljs_near_50mb,
      bomb_declared: { ...s.bomb_declared, ...vs(s.bomb_declared) },
      bomb_understated: { ...s.bomb_understated, ...vs(s.bomb_understated) },
      bomb_declares_49mb: { ...s.bomb_declares_49mb, ...vs(s.bomb_declares_49mb) },
      bomb_padding_declares_49mb: { ...s.bomb_padding_declares_49mb, ...vs(s.bomb_padding_declares_49mb) },
      legitimate: { ...s.legitimate, ...vs(s.legitimate) },
      legitimate_near_50mb: { ...s.legitimate_near_50mb, ...vs(s.legitimate_near_50mb, s.exceljs_near_50mb) },
      read_legitimate: { ...s.read_legitimate, ...vs(s.read_legitimate) },
      read_legitimate_near_50mb: {
        ...s.read_legitimate_near_50mb,
        ...vs(s.read_legitimate_near_50mb, s.exceljs_near_50mb),
      },
      worker_heap: heap,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--scenario');
if (at > 0) {
  process.send(await scenario(process.argv[at + 1], process.argv[at + 2]));
  process.exit(0);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
  const line = (label, x) =>
    `${label}: ${x.outcome}; ${x.wall_ms_median} ms (first call ${x.first_call_ms_with_worker_start} ms), peak RSS ${x.peak_rss_mb} MB (+${x.peak_rss_growth_mb} MB, ${x.peak_rss_vs_rest_rss}x rest), event-loop max ${x.event_loop_delay_max_ms} ms (${x.event_loop_max_vs_idle}x idle, ${x.event_loop_max_vs_exceljs}x exceljs)`;
  console.log(
    `rest: RSS ${r.baseline_rest.rest_rss_mb} MB, event-loop delay idle max ${r.baseline_rest.event_loop_delay.max_ms} ms p99 ${r.baseline_rest.event_loop_delay.p99_ms} ms`,
  );
  console.log(line('bomb (declared 200 MB)', r.bomb_declared));
  console.log(line('bomb (declares 4 KB)', r.bomb_understated));
  console.log(line('bomb (declares 49 MB)', r.bomb_declares_49mb));
  console.log(line('bomb (one padded row, declares 49 MB)', r.bomb_padding_declares_49mb));
  console.log(line('legitimate 20,000 x 10', r.legitimate));
  console.log(
    line(
      `legitimate 20,000 x 10, ${r.workbooks.legitimate_near_50mb.declared_uncompressed_mb} MB`,
      r.legitimate_near_50mb,
    ),
  );
  console.log(line('readWorkbook 20,000 x 10', r.read_legitimate));
  console.log(line('readWorkbook 20,000 x 10, near 50 MB', r.read_legitimate_near_50mb));
  for (const [label, e] of [
    ['', r.baseline_exceljs_main_thread],
    [' (near 50 MB)', r.baseline_exceljs_main_thread_near_50mb],
  ])
    console.log(
      `exceljs on the main thread${label}: ${e.outcome}; ${e.wall_ms_median} ms, peak RSS ${e.peak_rss_mb} MB (+${e.peak_rss_growth_mb} MB), event-loop max ${e.event_loop_delay_max_ms} ms`,
    );
  console.log(`wrote ${writeResult('workbook-guard', r)}`);
}
