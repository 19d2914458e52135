import { Button, DatePicker, Form, Input, InputNumber, Popconfirm, Radio, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { qaMessages as m } from '@app/contracts/qa/qa.rules';
import { qaApi } from '../api/qa-api';
import { useAct } from '../api/use-act';
import { useCalendarYear } from '../api/use-qa';

/** 工作日历: staff-entered holidays and 调休 workdays of a year, beside the calendar package's data. */
export function CalendarTab() {
  const [year, setYear] = useState(dayjs().year());
  const cal = useCalendarYear(year);
  const [form] = Form.useForm<{ date: Dayjs; kind: 'holiday' | 'workday'; name: string }>();
  const act = useAct();
  const SOURCE = {
    package: '日历包（chinese-days）',
    staff: '工作人员录入',
    'package+staff': '日历包 + 工作人员录入',
    none: '无数据：仅按周末计算',
  } as const;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>年份</span>
        <InputNumber min={2020} max={2100} value={year} onChange={(v) => v && setYear(v)} aria-label="年份" />
        {cal.data && <Tag color={cal.data.source === 'none' ? 'red' : 'blue'}>{SOURCE[cal.data.source]}</Tag>}
      </Space>
      <Form
        form={form}
        layout="inline"
        name="holiday"
        style={{ marginBottom: 12 }}
        initialValues={{ kind: 'holiday', name: '' }}
      >
        <Form.Item name="date" rules={[{ required: true, message: '请选择日期' }]}>
          <DatePicker placeholder="日期" />
        </Form.Item>
        <Form.Item name="kind">
          <Radio.Group
            options={[
              { value: 'holiday', label: '放假' },
              { value: 'workday', label: '调休上班' },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" rules={[{ max: 20, message: m.holidayNameTooLong }]}>
          <Input placeholder="名称，如 春节" />
        </Form.Item>
        <Button
          type="primary"
          onClick={() =>
            void form.validateFields().then((v) =>
              act(() =>
                qaApi.saveHoliday({ date: v.date.format('YYYY-MM-DD'), kind: v.kind, name: v.name ?? '' }),
              ).then((ok) => {
                if (ok) setYear(v.date.year());
              }),
            )
          }
        >
          保存
        </Button>
      </Form>
      <Table
        rowKey="date"
        size="small"
        loading={cal.isPending}
        dataSource={cal.data?.entries ?? []}
        pagination={false}
        columns={[
          { title: '日期', dataIndex: 'date', width: 140 },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 100,
            render: (k: string) =>
              k === 'holiday' ? <Tag color="red">放假</Tag> : <Tag color="green">调休上班</Tag>,
          },
          { title: '名称', dataIndex: 'name' },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, e: { date: string }) => (
              <Popconfirm
                title="删除工作人员录入的这一天？"
                okText="确定"
                cancelText="取消"
                onConfirm={() => act(() => qaApi.deleteHoliday(e.date))}
              >
                <Button type="link" size="small">
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
