import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RISK_CHECK_TOOL, calculatorById } from '@app/contracts/tools/tools.catalog';
import type { RouteHandle } from '@/shared/lib/routing';
import { RISK_CHECK_PATH, publicRoutes } from './routes';

const handleAt = (path: string) =>
  matchRoutes(publicRoutes, path)?.at(-1)?.route.handle as RouteHandle | undefined;

describe('tool routes', () => {
  it('names the risk check by its catalogue id', () => {
    expect(RISK_CHECK_PATH).toBe(`financeTool/toolInfo/${RISK_CHECK_TOOL.id}`);
  });

  it('draws the calculators and the tool lists without antd and gives the risk check antd', () => {
    expect(calculatorById('loan')).toBeDefined();
    for (const path of ['/financeTool', '/financeTool/toolInfo/loan', '/toolpage'])
      expect(handleAt(path)?.antd).toBe(false);
    expect(matchRoutes(publicRoutes, '/financeTool/toolInfo/risk-check')?.at(-1)?.route.path).toBe(
      RISK_CHECK_PATH,
    );
    expect(handleAt('/financeTool/toolInfo/risk-check')?.antd).toBeUndefined();
  });
});
