import { RadarChart } from 'echarts/charts';
import { RadarComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the radar needs, imported by name so the bundler drops the rest of ECharts. This module is loaded
// with a dynamic import from the portrait pages only.
registerECharts([RadarChart, RadarComponent, TooltipComponent, CanvasRenderer]);

export { init };
