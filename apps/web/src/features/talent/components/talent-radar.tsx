import { useEffect, useRef, useState } from 'react';

export interface RadarScore {
  /** Axis name shown on the chart (学历 证书 经历 奖励 论文 学习). */
  name: string;
  /** 0-100. */
  value: number;
}

type EChartsInstance = { setOption(option: unknown): void; resize(): void; dispose(): void };

/** ECharts' core with the radar chart, its components and the canvas renderer, fetched on first use only. */
const loadECharts = () => import('./radar-echarts');

/** Radar chart of the portrait scores (ECharts, lazily loaded). A text list stays available to screen readers. */
export function TalentRadar({ scores, height = 300 }: { scores: RadarScore[]; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    const el = ref.current;
    if (!el) return;
    loadECharts()
      .then((echarts) => {
        if (!alive || !ref.current) return;
        chart.current ??= echarts.init(ref.current) as unknown as EChartsInstance;
        chart.current.setOption({
          color: ['#1f5fbf'],
          tooltip: { trigger: 'item' },
          radar: {
            radius: '68%',
            indicator: scores.map((s) => ({ name: s.name, max: 100 })),
            axisName: { color: '#333', fontSize: 13 },
            splitArea: { areaStyle: { color: ['#f7f9fc', '#eef3fb'] } },
          },
          series: [
            {
              type: 'radar',
              name: '人才画像',
              areaStyle: { opacity: 0.25 },
              data: [{ value: scores.map((s) => s.value), name: '综合评分' }],
            },
          ],
        });
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [scores]);

  useEffect(() => {
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  const summary = scores.map((s) => `${s.name}${s.value}分`).join('，');
  return (
    <figure className="talent-radar" aria-label="人才画像雷达图">
      {failed ? null : <div ref={ref} style={{ height, width: '100%' }} aria-hidden="true" />}
      <figcaption className={failed ? 'talent-radar__text' : 'sr-only'}>{summary}</figcaption>
    </figure>
  );
}
