import { Button, Card, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { staffApi } from '../api/staff-api';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => thisYear - i);

/** /admin/exports: Excel exports for finance bureaus and the association's accounts (permission 数据导出). */
export default function AdminExportsPage() {
  const [year, setYear] = useState(thisYear - 1);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const blob = await staffApi.learningHours(year);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${year}年学习时长.xlsx`;
      a.click();
      URL.revokeObjectURL(url);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="数据导出">
      <Typography.Title level={5}>年度学习时长</Typography.Title>
      <Typography.Paragraph type="secondary">
        每位学员一行：手机号、姓名、身份证号、单位、全年学习时长与完成课程数（按北京时间自然日统计），用于继续教育学时申报。
      </Typography.Paragraph>
      <Space>
        <Select
          aria-label="年份"
          value={year}
          style={{ width: 120 }}
          onChange={setYear}
          options={YEARS.map((y) => ({ value: y, label: `${y}年` }))}
        />
        <Button type="primary" loading={busy} onClick={() => void download()}>
          导出Excel
        </Button>
      </Space>
    </Card>
  );
}
