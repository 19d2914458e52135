import { App, Button, Cascader, DatePicker, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SALARY_BANDS } from '@app/contracts/common/dictionaries';
import { NAME_MAX, talentMessages as tm } from '@app/contracts/talent/talent.rules';
import { isApiError } from '@/shared/lib/api-client';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { talentApi, talentKeys } from '../api/talent-api';
import { useSelectOptions } from '../api/use-talent';
import {
  BIRTHDAY_FORMAT,
  encodeJobIntention,
  exceedsTargetLimit,
  isBirthdayDisabled,
  recordToForm,
  toCascaderOptions,
  type JobIntentionFormValues,
} from '../lib/job-intention-form';
import './job-intention-dialog.css';

/** SPEC §2: the dialog is exactly 650 px wide. */
export const JOB_DIALOG_WIDTH = 650;
const TRIGGER = ['onBlur', 'onChange'];
const required = (message: string) => [{ required: true, message }];

/**
 * Personal job-intention dialog (SPEC §2, §4, §5, §8). Open while the session's `infoDialogVisible` flag is on.
 * Loads the first record of GET /api/user_apply_jobs?user_id=<me>; a failed load leaves the form empty.
 */
export function JobIntentionDialog() {
  const open = useSessionStore((s) => s.infoDialogVisible);
  const userId = useSessionStore((s) => s.user?.id);
  const setJobSwitch = useSessionStore((s) => s.setJobSwitch);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<JobIntentionFormValues>();
  // On a phone the dialog is a full-screen sheet with the labels above the fields.
  const isPhone = useIsPhone();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const options = useSelectOptions(open);
  const positionTree = options.data?.positions;
  const confirming = useRef(false);

  useEffect(() => {
    if (!open || userId === undefined) return;
    let alive = true;
    form.resetFields();
    setLoading(true);
    // Stored positions are leaf names; the cascader needs their paths, so the record waits for the position tree
    // (cached after the first open). Without the tree the names still show as single-level values.
    const tree = queryClient
      .ensureQueryData({ queryKey: talentKeys.options, queryFn: talentApi.selectOptions, staleTime: Infinity })
      .then((o) => o.positions)
      .catch(() => []);
    Promise.all([talentApi.jobIntention(userId), tree])
      .then(([record, positions]) => {
        if (!alive) return;
        if (record) form.setFieldsValue(recordToForm(record, positions));
        else form.resetFields();
      })
      .catch(() => {
        if (alive) form.resetFields();
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [open, userId, form, queryClient]);

  const close = () => setJobSwitch(false);

  const askClose = () => {
    // A closed dialog never asks. The modal stays mounted (forceRender, so the form keeps its instance), and antd's
    // portal then still hears Escape pressed anywhere on the page, e.g. in the job-post editor's fields.
    if (!open || confirming.current) return;
    confirming.current = true;
    modal.confirm({
      title: '提示',
      content: tm.leaveConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: close,
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  const publish = async () => {
    if (exceedsTargetLimit(form.getFieldsValue(true) as JobIntentionFormValues)) {
      message.warning(tm.targetsTooMany);
      return;
    }
    let values: JobIntentionFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as JobIntentionFormValues;
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await talentApi.saveJobIntention(encodeJobIntention(values));
      message.success(res.message || tm.jobIntentionPublished);
      close();
      await queryClient.invalidateQueries({ queryKey: talentKeys.all });
    } catch (err) {
      message.error(isApiError(err) && err.message ? err.message : '发布失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={isPhone ? '100%' : JOB_DIALOG_WIDTH}
      title="求职意向"
      forceRender
      onCancel={askClose}
      className={isPhone ? 'job-dialog job-dialog--sheet' : 'job-dialog'}
      footer={[
        <Button key="cancel" onClick={askClose}>
          取消
        </Button>,
        <Button
          key="publish"
          type="primary"
          loading={saving}
          disabled={loading}
          onClick={() => void publish()}
        >
          发布
        </Button>,
      ]}
    >
      <Form
        form={form}
        name="job_intention"
        layout={isPhone ? 'vertical' : 'horizontal'}
        labelCol={isPhone ? undefined : { flex: '96px' }}
        wrapperCol={isPhone ? undefined : { flex: 'auto' }}
        validateTrigger={TRIGGER}
        disabled={loading}
        className="job-dialog__form"
        initialValues={{ show_personal_info: false }}
      >
        <Form.Item name="id" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: tm.nameRequired }]}
        >
          <Input maxLength={NAME_MAX} placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item name="sex" label="性别" rules={required(tm.sexRequired)}>
          <Radio.Group
            options={[
              { value: 0, label: '男' },
              { value: 1, label: '女' },
            ]}
          />
        </Form.Item>
        <Form.Item name="biithday" label="出生日期" rules={required(tm.birthdayRequired)}>
          <DatePicker
            format={BIRTHDAY_FORMAT}
            placeholder="请选择出生日期"
            disabledDate={(d) => isBirthdayDisabled(d)}
            className="job-dialog__full"
          />
        </Form.Item>
        <Form.Item name="salary" label="薪资要求" rules={required(tm.salaryRequired)}>
          <Select
            placeholder="请选择薪资要求"
            options={SALARY_BANDS.map((label, value) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="citys" label="期望地区" rules={required(tm.regionRequired)} extra="最多选择三个">
          <Cascader
            multiple
            showSearch
            placeholder="请选择地区"
            showCheckedStrategy={Cascader.SHOW_CHILD}
            options={toCascaderOptions(options.data?.areas)}
          />
        </Form.Item>
        <Form.Item
          name="industries"
          label="期望行业"
          rules={required(tm.industryRequired)}
          extra="最多选择三个"
        >
          <Select
            mode="multiple"
            placeholder="请选择行业"
            options={(options.data?.industries ?? []).map((i) => ({ value: i.name, label: i.name }))}
          />
        </Form.Item>
        <Form.Item
          name="positions"
          label="期望职位"
          rules={required(tm.positionRequired)}
          extra="最多选择三个"
        >
          <Cascader
            multiple
            showSearch
            placeholder="请选择职位"
            showCheckedStrategy={Cascader.SHOW_CHILD}
            options={toCascaderOptions(positionTree)}
          />
        </Form.Item>
        <Form.Item
          name="show_personal_info"
          label="展示人才画像"
          valuePropName="checked"
          extra="开启后，企业可查看您的人才画像"
        >
          <Switch checkedChildren="公开" unCheckedChildren="不公开" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
