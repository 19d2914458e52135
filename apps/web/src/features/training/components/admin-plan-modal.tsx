import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { creditText } from '@app/contracts/credits/credits.rules';
import {
  TRAINING_PLAN_COURSES_MAX,
  TRAINING_PLAN_DESCRIPTION_MAX,
  TRAINING_PLAN_NAME_MAX,
  trainingMessages as m,
} from '@app/contracts/training/training.rules';
import type { SaveTrainingPlanBody, TrainingPlan } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { adminTrainingApi, adminTrainingKeys, useAdminPlanCourses } from '../api/admin';

interface PlanValues {
  name: string;
  description: string;
  course_ids: number[];
  active: boolean;
}

const FIELDS = new Set<string>(['name', 'description', 'course_ids', 'active']);

/** A new learning plan (`plan` undefined) or an edit of one: name, description, its courses, whether companies may use it. */
export function AdminPlanModal({ plan, onClose }: { plan: TrainingPlan | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const courses = useAdminPlanCourses();
  const [form] = Form.useForm<PlanValues>();
  const [saving, setSaving] = useState(false);

  // A course already in the plan keeps its title even when it is no longer offered (taken off the shelf).
  const offered = new Map((courses.data ?? []).map((c) => [c.id, c.credits === null ? c.title : `${c.title}（${creditText(c.credits)}学分）`]));
  for (const c of plan?.courses ?? []) if (!offered.has(c.id)) offered.set(c.id, `${c.title}（已下架）`);
  const options = [...offered].map(([value, label]) => ({ value, label }));

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: SaveTrainingPlanBody = { name: v.name.trim(), description: v.description?.trim() ?? '', course_ids: v.course_ids, active: v.active };
    setSaving(true);
    try {
      const res = plan ? await adminTrainingApi.updatePlan(plan.id, body) : await adminTrainingApi.createPlan(body);
      await queryClient.invalidateQueries({ queryKey: adminTrainingKeys.plans });
      message.success(res.message);
      onClose();
    } catch (err) {
      if (!isApiError(err)) {
        message.error('保存失败，请稍后重试');
        return;
      }
      const fields = Object.entries(err.fieldErrors)
        .map(([name, error]) => [name.split('.')[0]!, error] as const)
        .filter(([name]) => FIELDS.has(name));
      if (fields.length) form.setFields(fields.map(([name, error]) => ({ name: name as keyof PlanValues, errors: [error] })));
      else message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={plan ? '修改学习计划' : '新建学习计划'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<PlanValues>
        form={form}
        layout="vertical"
        initialValues={
          plan
            ? { name: plan.name, description: plan.description, course_ids: plan.courses.map((c) => c.id), active: plan.active }
            : { name: '', description: '', course_ids: [], active: true }
        }
      >
        <Form.Item
          name="name"
          label="计划名称"
          rules={[
            { required: true, whitespace: true, message: m.planNameRequired },
            { max: TRAINING_PLAN_NAME_MAX, message: m.planNameTooLong },
          ]}
        >
          <Input maxLength={TRAINING_PLAN_NAME_MAX} showCount placeholder="如：2026年度会计人员继续教育" />
        </Form.Item>
        <Form.Item name="description" label="计划说明" rules={[{ max: TRAINING_PLAN_DESCRIPTION_MAX, message: m.planDescriptionTooLong }]}>
          <Input.TextArea rows={3} maxLength={TRAINING_PLAN_DESCRIPTION_MAX} showCount placeholder="企业指派时可看到的说明（选填）" />
        </Form.Item>
        <Form.Item
          name="course_ids"
          label="课程"
          extra={`企业指派该计划时，其中每门课程都指派给所选员工；最多${TRAINING_PLAN_COURSES_MAX}门`}
          rules={[
            { required: true, type: 'array', min: 1, message: m.planCoursesRequired },
            { type: 'array', max: TRAINING_PLAN_COURSES_MAX, message: m.planCoursesTooMany },
          ]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={courses.isPending}
            options={options}
            placeholder="选择课程，可输入课程名称搜索"
            notFoundContent={courses.isPending ? '加载中…' : '没有可选的课程'}
          />
        </Form.Item>
        <Form.Item name="active" label="启用" valuePropName="checked" extra="停用后企业不能再指派该计划">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
