// A piscina task for bench/workbook-guard.bench.mjs: runs the workbook guard's own worker function
// (apps/server/src/lib/workbook-guard.worker.mjs: the limits, or the limits and exceljs's reading) and samples this worker thread's V8 heap and external memory
// every 2 ms while it works, so the benchmark can report the worker's own peak beside the process's RSS.
import { getHeapStatistics } from 'node:v8';
import * as guardWorker from '../apps/server/src/lib/workbook-guard.worker.mjs';

/** `input.fn`: the guard worker's export to run, `default` (the limits) or `read` (the limits, then exceljs). */
export default async function task({ fn = 'default', ...input }) {
  globalThis.gc?.(); // the last task's garbage (the pool runs with --expose-gc) is not this task's
  const start = getHeapStatistics();
  const startExternal = process.memoryUsage().external;
  let peakHeap = start.used_heap_size;
  let peakPhysical = start.total_physical_size;
  let peakExternal = startExternal;
  const sample = () => {
    const h = getHeapStatistics();
    peakHeap = Math.max(peakHeap, h.used_heap_size);
    peakPhysical = Math.max(peakPhysical, h.total_physical_size);
    peakExternal = Math.max(peakExternal, process.memoryUsage().external);
  };
  const timer = setInterval(sample, 2);
  try {
    const result = await guardWorker[fn](input);
    sample();
    return {
      result: result.ok ? { ok: true } : result,
      heap_used_start: start.used_heap_size,
      heap_used_peak: peakHeap,
      heap_physical_start: start.total_physical_size,
      heap_physical_peak: peakPhysical,
      malloced_peak: getHeapStatistics().peak_malloced_memory,
      heap_limit: start.heap_size_limit,
      external_growth_peak: peakExternal - startExternal,
    };
  } finally {
    clearInterval(timer);
  }
}
