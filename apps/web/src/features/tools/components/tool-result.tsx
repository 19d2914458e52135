import { CopyOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ToolResult } from '@app/contracts/tools/tools.types';
import { downloadBlob, resultText, resultWorkbook } from '../lib/export-excel';

interface Props {
  toolName: string;
  result: ToolResult;
  inputs: { label: string; value: string }[];
}

/** Result, full working, legal basis and tax year of one calculation, with copy, print and Excel export. */
export function ToolResultView({ toolName, result, inputs }: Props) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(resultText(toolName, result, window.location.href));
      void message.success('计算结果已复制');
    } catch {
      void message.error('复制失败，请手动选择文本复制');
    }
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      downloadBlob(await resultWorkbook(toolName, inputs, result), `${toolName}.xlsx`);
    } catch {
      void message.error('导出失败，请重试');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="tool-result" aria-label="计算结果">
      <div className="tool-result__head">
        <h2>计算结果</h2>
        {result.taxYear !== null && <Tag color="blue">适用{result.taxYear}年度税收规则</Tag>}
        <Space className="tool-result__actions no-print" wrap>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>复制结果</Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>打印</Button>
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()}>导出Excel</Button>
        </Space>
      </div>
      {result.notes.map((n) => (
        <Alert key={n} type={n.includes('超出') ? 'warning' : 'info'} showIcon title={n} className="tool-result__note" />
      ))}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} className="tool-result__summary" data-testid="tool-summary">
        {result.summary.map((s) => (
          <Descriptions.Item key={s.label} label={s.label}>
            {s.strong ? <strong className="tool-result__strong">{s.value}</strong> : s.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {result.tables.map((t) => (
        <div key={t.title} className="tool-result__table">
          <h3>{t.title}</h3>
          <Table
            size="small"
            bordered
            scroll={{ x: 'max-content' }}
            pagination={t.rows.length > 24 ? { pageSize: 24, showSizeChanger: false } : false}
            rowKey="rowKey"
            columns={t.columns.map((c, i) => ({ title: c, dataIndex: i, key: String(i), align: i === 0 ? 'left' : 'right' }))}
            dataSource={t.rows.map((r, row) => ({ rowKey: String(row), ...Object.fromEntries(r.map((v, i) => [i, v])) }))}
          />
        </div>
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
