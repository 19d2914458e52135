import { useEffect, useRef, useState } from 'react';
import './lazy-echart.css';

type EChartsInstance = { setOption(option: unknown, notMerge?: boolean): void; resize(): void; dispose(): void };

/** A module that registered the chart types it needs with ECharts' core and re-exports `init`. */
export type EChartsLoader = () => Promise<{ init: (el: HTMLElement) => unknown }>;

/**
 * One ECharts chart whose library is fetched on first use only (`load` is a dynamic import of a module registering
 * just the chart types it draws, so the bundler drops the rest). The caption carries the figures as text for
 * screen readers, and becomes visible when the chart cannot be loaded.
 */
export function LazyEChart({
  load,
  option,
  height = 300,
  label,
  summary,
  className,
}: {
  load: EChartsLoader;
  option: unknown;
  height?: number;
  label: string;
  summary: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    if (!ref.current) return;
    load()
      .then((echarts) => {
        if (!alive || !ref.current) return;
        chart.current ??= echarts.init(ref.current) as EChartsInstance;
        chart.current.setOption(option, true);
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [load, option]);

  // The chart follows its box, not only the window: a phone turned sideways, a column that narrows on a phone.
  useEffect(() => {
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    const box = ref.current;
    const observer = box && typeof ResizeObserver === 'function' ? new ResizeObserver(onResize) : null;
    if (box) observer?.observe(box);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  return (
    <figure className={`lazy-echart ${className ?? ''}`} aria-label={label}>
      {failed ? null : <div ref={ref} style={{ height, width: '100%' }} aria-hidden="true" />}
      <figcaption className={failed ? 'lazy-echart__caption--text' : 'lazy-echart__caption--hidden'}>{summary}</figcaption>
    </figure>
  );
}
