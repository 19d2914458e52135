import { useMemo } from 'react';
import { LazyEChart } from '@/shared/ui/echarts/lazy-echart';

export interface RadarScore {
  /** Axis name shown on the chart (学历 证书 经历 奖励 论文 学习). */
  name: string;
  /** 0-100. */
  value: number;
}

/** ECharts' core with the radar chart, its components and the canvas renderer, fetched on first use only. */
const loadECharts = () => import('./radar-echarts');

/** Radar chart of the portrait scores (ECharts, lazily loaded). A text list stays available to screen readers. */
export function TalentRadar({ scores, height = 300 }: { scores: RadarScore[]; height?: number }) {
  const option = useMemo(
    () => ({
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
    }),
    [scores],
  );
  const summary = scores.map((s) => `${s.name}${s.value}分`).join('，');
  return (
    <LazyEChart
      className="talent-radar"
      load={loadECharts}
      option={option}
      height={height}
      label="人才画像雷达图"
      summary={summary}
    />
  );
}
