import { DatePicker, Form, Input, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  STANDARD_CHANGE_NOTE_MAX,
  standardChangeCertificateMessage,
  standardChangeCourseMessage,
  standardsMessages as m,
} from '@app/contracts/standards/standards.rules';
import type { AdminStandard } from '@app/contracts/standards/standards.schemas';
import { standardsApi, standardsKeys } from '../api/standards-api';
import { useStandardsWrite } from '../api/use-standards-write';

interface ChangeFields {
  changed_on: Dayjs;
  note: string;
}

/** 记录修订: the date and what changed, with who will be told and the message they get. */
export function StandardChangeModal({ standard, onClose }: { standard: AdminStandard; onClose(): void }) {
  const [form] = Form.useForm<ChangeFields>();
  const write = useStandardsWrite();
  const [saving, setSaving] = useState(false);
  const audience = useQuery({ queryKey: standardsKeys.audience(standard.id), queryFn: () => standardsApi.audience(standard.id) });
  const note = Form.useWatch('note', form) ?? '';
  const day = Form.useWatch('changed_on', form);
  const course = standard.links.find((l) => l.target === 'course');
  const exam = standard.links.find((l) => l.target === 'exam_type');
  const facts = {
    kind: standard.kind,
    standard: standard.name,
    changedOn: day ? day.format('YYYY-MM-DD') : 'YYYY-MM-DD',
    note: note.trim() || '（修订内容）',
  };
  const preview = course
    ? standardChangeCourseMessage({ ...facts, course: course.title })
    : exam
      ? standardChangeCertificateMessage({ ...facts, examType: exam.title })
      : null;

  const submit = async (v: ChangeFields) => {
    setSaving(true);
    const done = await write(() => standardsApi.recordChange(standard.id, { changed_on: v.changed_on.format('YYYY-MM-DD'), note: v.note }), form);
    setSaving(false);
    if (done) onClose();
  };
  const a = audience.data;
  return (
    <Modal
      open
      title={`记录修订：《${standard.name}》`}
      okText="记录并通知"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ChangeFields> form={form} layout="vertical" initialValues={{ changed_on: dayjs() }} onFinish={(v) => void submit(v)}>
        <Form.Item name="changed_on" label="修订日期" rules={[{ required: true, message: m.changedOnRequired }]}>
          <DatePicker format="YYYY-MM-DD" disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="note"
          label="修订内容"
          extra={`一两句话说明改了什么，将写入学员消息并显示在课程页和考试公告上（${note.length}/${STANDARD_CHANGE_NOTE_MAX}）`}
          rules={[{ required: true, whitespace: true, message: m.noteRequired }]}
        >
          <Input.TextArea rows={3} maxLength={STANDARD_CHANGE_NOTE_MAX} />
        </Form.Item>
      </Form>
      <div className="admin-standards__audience" aria-live="polite">
        {audience.isPending ? (
          <Skeleton active paragraph={false} />
        ) : a ? (
          <>
            <p>
              将通知 <strong>{a.total}</strong> 人
              {(course || exam) &&
                `：${[course ? `完成关联课程的学员 ${a.finishers} 人` : null, exam ? `持有关联考试项目有效证书的 ${a.holders} 人` : null]
                  .filter(Boolean)
                  .join('、')}${course && exam ? '（同一人只通知一次）' : ''}`}
              。
            </p>
            {a.total === 0 && <p className="admin-standards__muted">暂无需要通知的人；关联的课程页和考试公告仍会显示修订提示。</p>}
          </>
        ) : (
          <p className="admin-standards__muted">通知人数暂时无法统计，记录后仍会照常通知。</p>
        )}
        {preview && (
          <p className="admin-standards__preview">
            <span className="admin-standards__muted">消息示例：</span>
            {preview}
          </p>
        )}
      </div>
    </Modal>
  );
}
