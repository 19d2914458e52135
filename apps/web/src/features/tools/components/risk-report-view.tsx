import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { RiskReport } from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { toolsApi } from '../api/tools-api';
import { saveBlob } from '@/shared/lib/save-blob';

const LEVEL_COLOR = { 低: 'green', 中: 'orange', 高: 'red' } as const;

/** A ready risk-check report: score, explained risks, DuPont breakdown and every ratio, with the PDF. */
export function RiskReportView({ report }: { report: RiskReport }) {
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const a = report.analysis;
  if (!a) return null;

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      saveBlob(await toolsApi.pdf(report.id), `${report.company_name}财务风险检测报告.pdf`);
    } catch {
      void message.error('报告下载失败，请重试');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="tool-result tool-result--report" aria-label="风险检测报告">
      <div className="tool-result__head">
        <h2>{report.company_name} 财务风险检测报告</h2>
        <Tag color={LEVEL_COLOR[a.level]}>风险等级：{a.level}</Tag>
        <Space className="tool-result__actions no-print">
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadPdf()}>
            下载PDF报告
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>打印</Button>
        </Space>
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 3 }}>
        <Descriptions.Item label="综合评分"><strong className="tool-result__strong">{a.score}分</strong></Descriptions.Item>
        <Descriptions.Item label="发现风险">{a.flags.length}项</Descriptions.Item>
        <Descriptions.Item label="生成时间">{chinaDateTime(report.ready_at ?? report.created_at)}</Descriptions.Item>
      </Descriptions>
      <h3>风险提示</h3>
      {a.flags.length === 0 ? (
        <Alert type="success" showIcon title="未发现触发规则的风险项" />
      ) : (
        <ol className="risk__flags">
          {a.flags.map((f) => (
            <li key={f.id} className="risk__flag">
              <strong className={`risk__flag--${f.level}`}>【{f.level === 'high' ? '高风险' : '关注'}】{f.title}</strong>
              <p>发现：{f.finding}</p>
              <p>说明：{f.explanation}</p>
              <p className="tool-result__rule">规则：{f.rule}</p>
            </li>
          ))}
        </ol>
      )}
      <h3>杜邦分析</h3>
      <p>
        净资产收益率 {a.dupont.roe ?? '无法计算'} = 销售净利率 {a.dupont.netMargin ?? '无法计算'} × 总资产周转率{' '}
        {a.dupont.assetTurnover ?? '无法计算'} × 权益乘数 {a.dupont.equityMultiplier ?? '无法计算'}
      </p>
      <h3>财务指标</h3>
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        scroll={{ x: 'max-content' }}
        dataSource={a.ratios}
        columns={[
          { title: '类别', dataIndex: 'group' },
          { title: '指标', dataIndex: 'name' },
          { title: '公式', dataIndex: 'formula' },
          { title: '上年', dataIndex: 'prior', align: 'right', render: (v: string | null) => v ?? '—' },
          { title: '本年', dataIndex: 'current', align: 'right', render: (v: string | null) => v ?? '—' },
        ]}
      />
      <p className="tool-result__rule">本报告依据提交的财务数据按既定规则自动生成，仅供经营分析与风险自查参考，不构成审计或鉴证意见。</p>
    </section>
  );
}
