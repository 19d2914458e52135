/** Descriptors of the finance tools: their input fields, and the result the pages render and export. */
import type { SourceNotice } from './rules/types';

export type FieldKind = 'money' | 'signed-money' | 'percent' | 'integer' | 'select' | 'textarea';

export interface ToolField {
  name: string;
  label: string;
  kind: FieldKind;
  default: string;
  options?: { value: string; label: string }[];
  placeholder?: string;
  help?: string;
  /** Shown (and read) only when this returns true for the current values. */
  showIf?: (v: Record<string, string>) => boolean;
}

export interface ToolTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface ToolResult {
  /** The tax year whose rules were applied; null for tools without tax rules. */
  taxYear: number | null;
  summary: { label: string; value: string; strong?: boolean }[];
  tables: ToolTable[];
  /** The working: each step with the rule it applies. */
  steps: { text: string; rule?: string }[];
  basis: SourceNotice[];
  notes: string[];
}

export type ToolOutcome = { ok: true; result: ToolResult } | { ok: false; errors: Record<string, string> };

export const TOOL_GROUPS = ['个人所得税', '社保公积金', '企业税费', '贷款与投资', '资产折旧', '财务分析'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

export interface ToolInfo {
  id: string;
  name: string;
  group: ToolGroup;
  summary: string;
  keywords: string[];
}

export interface CalculatorTool extends ToolInfo {
  fields: ToolField[];
  compute(values: Record<string, string>, today: Date): ToolOutcome;
}
