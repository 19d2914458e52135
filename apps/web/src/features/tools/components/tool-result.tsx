import { CopyOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { ToolResult, ToolTable } from '@app/contracts/tools/tools.types';
import { notifier } from '@/shared/lib/notifier';
import { FactList } from '@/shared/ui/fact-list';
import { PlainAlert } from '@/shared/ui/plain-alert';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainPagination } from '@/shared/ui/plain-pagination';
import { PlainTag } from '@/shared/ui/plain-tag';
import { saveBlob } from '@/shared/lib/save-blob';
import { resultText, resultWorkbook } from '../lib/export-excel';

interface Props {
  toolName: string;
  result: ToolResult;
  inputs: { label: string; value: string }[];
}

/** Rows of a result table on one page; a longer table (a 30-year loan's schedule) gets a pager. */
export const TABLE_PAGE_ROWS = 24;

/** One result table: numbers right-aligned, scrolling sideways on a phone, paged past TABLE_PAGE_ROWS rows. */
function ResultTable({ table }: { table: ToolTable }) {
  const [page, setPage] = useState(1);
  const pages = Math.ceil(table.rows.length / TABLE_PAGE_ROWS);
  const current = Math.min(page, Math.max(pages, 1));
  const rows = table.rows.slice((current - 1) * TABLE_PAGE_ROWS, current * TABLE_PAGE_ROWS);
  const first = (current - 1) * TABLE_PAGE_ROWS;
  return (
    <div className="tool-result__table">
      <h3>{table.title}</h3>
      {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
      <div className="tool-result__scroll" role="region" aria-label={table.title} tabIndex={0}>
        <table>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={first + i}>
                {r.map((v, j) => (
                  <td key={j}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && <PlainPagination className="tool-result__pager" current={current} pages={pages} onChange={setPage} />}
    </div>
  );
}

/** Result, full working, legal basis and tax year of one calculation, with copy, print and Excel export. */
export function ToolResultView({ toolName, result, inputs }: Props) {
  const [exporting, setExporting] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(resultText(toolName, result, window.location.href));
      notifier.success('计算结果已复制');
    } catch {
      notifier.error('复制失败，请手动选择文本复制');
    }
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      saveBlob(await resultWorkbook(toolName, inputs, result), `${toolName}.xlsx`);
    } catch {
      notifier.error('导出失败，请重试');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="tool-result" aria-label="计算结果">
      <div className="tool-result__head">
        <h2>计算结果</h2>
        {result.taxYear !== null && <PlainTag color="blue">适用{result.taxYear}年度税收规则</PlainTag>}
        <div className="tool-result__actions no-print">
          <PlainButton variant="default" size="middle" onClick={() => void copy()}>
            <CopyOutlined aria-hidden="true" />
            复制结果
          </PlainButton>
          <PlainButton variant="default" size="middle" onClick={() => window.print()}>
            <PrinterOutlined aria-hidden="true" />
            打印
          </PlainButton>
          <PlainButton variant="default" size="middle" loading={exporting} onClick={() => void exportExcel()}>
            {!exporting && <FileExcelOutlined aria-hidden="true" />}
            导出Excel
          </PlainButton>
        </div>
      </div>
      {result.notes.map((n) => (
        <PlainAlert key={n} type={n.includes('超出') ? 'warning' : 'info'} className="tool-result__note">
          {n}
        </PlainAlert>
      ))}
      <div data-testid="tool-summary">
        <FactList
          className="tool-result__summary"
          items={result.summary.map((s) => ({
            label: s.label,
            value: s.strong ? <strong className="tool-result__strong">{s.value}</strong> : s.value,
          }))}
        />
      </div>
      {result.tables.map((t) => (
        <ResultTable key={t.title} table={t} />
      ))}
      <h3>计算过程</h3>
      <ol className="tool-result__steps">
        {result.steps.map((s, i) => (
          <li key={i}>
            {s.text}
            {s.rule && <span className="tool-result__rule">依据：{s.rule}</span>}
          </li>
        ))}
      </ol>
      {result.basis.length > 0 && (
        <>
          <h3>政策依据</h3>
          <ul className="tool-result__basis">
            {result.basis.map((b) => (
              <li key={b.number + b.title}>
                《{b.title}》（{b.number}）{b.validUntil && <span>，执行至{b.validUntil}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
