import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { TalentUserInfo } from '@app/contracts';
import { GENDERS, POLITICAL_STATUSES, POSITION_LEVELS, UNIT_SIZES } from '@app/contracts/common/dictionaries';
import { ID_CARD_REGEX, PHONE_REGEX, ruleMessages } from '@app/contracts/common/rule-patterns';
import { LONG_NAME_MAX, NAME_MAX, talentMessages as m } from '@app/contracts/talent/talent.rules';
import { talentApi, talentKeys } from '../api/talent-api';
import { DATE_FORMAT } from '../lib/record-kinds';
import { showSaveError } from '../lib/save-error';

interface Values {
  real_name?: string;
  gender?: number | null;
  birthday?: Dayjs | null;
  political_status?: number | null;
  unit_size?: number | null;
  position_level?: number | null;
  work_unit?: string;
  phone?: string;
  id_number?: string;
}

const FIELDS = [
  'real_name',
  'gender',
  'birthday',
  'political_status',
  'unit_size',
  'position_level',
  'work_unit',
  'phone',
  'id_number',
];
const TRIGGER = ['onBlur', 'onChange'];

/** Edits the portrait's personal info (PUT /api/user_infos/personal_info); empty fields are cleared. */
export function PersonalInfoModal({ user, onClose }: { user: TalentUserInfo; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await talentApi.updatePersonalInfo({
        real_name: v.real_name?.trim() || null,
        gender: v.gender ?? null,
        birthday: v.birthday ? v.birthday.format(DATE_FORMAT) : null,
        political_status: v.political_status ?? null,
        unit_size: v.unit_size ?? null,
        position_level: v.position_level ?? null,
        work_unit: v.work_unit?.trim() || null,
        phone: v.phone?.trim() || null,
        id_number: v.id_number?.trim() || null,
      });
      message.success(res.message || m.personalInfoSaved);
      onClose();
      await queryClient.invalidateQueries({ queryKey: talentKeys.info });
    } catch (err) {
      showSaveError(form, message, err, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={600}
      title="编辑个人信息"
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name="personal_info"
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 'auto' }}
        validateTrigger={TRIGGER}
        initialValues={{
          real_name: user.real_name ?? '',
          gender: user.gender,
          birthday: user.birthday ? dayjs(user.birthday, DATE_FORMAT) : null,
          political_status: user.political_status,
          unit_size: user.unit_size,
          position_level: user.position_level,
          work_unit: user.work_unit ?? '',
          phone: user.phone ?? '',
          id_number: user.id_number ?? '',
        }}
      >
        <Form.Item name="real_name" label="姓名">
          <Input maxLength={NAME_MAX} placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item name="gender" label="性别">
          <Select allowClear placeholder="请选择性别" options={GENDERS} />
        </Form.Item>
        <Form.Item name="birthday" label="出生日期">
          <DatePicker
            format={DATE_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item name="political_status" label="政治面貌">
          <Select allowClear placeholder="请选择政治面貌" options={POLITICAL_STATUSES} />
        </Form.Item>
        <Form.Item name="work_unit" label="工作单位">
          <Input maxLength={LONG_NAME_MAX} placeholder="请输入工作单位" />
        </Form.Item>
        <Form.Item name="unit_size" label="单位规模">
          <Select allowClear placeholder="请选择单位规模" options={UNIT_SIZES} />
        </Form.Item>
        <Form.Item name="position_level" label="职位层级">
          <Select allowClear placeholder="请选择职位层级" options={POSITION_LEVELS} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="联系电话"
          rules={[{ pattern: PHONE_REGEX, message: ruleMessages.phoneInvalid }]}
        >
          <Input maxLength={11} placeholder="请输入手机号" />
        </Form.Item>
        <Form.Item
          name="id_number"
          label="身份证号"
          rules={[{ pattern: ID_CARD_REGEX, message: ruleMessages.idCardInvalid }]}
        >
          <Input maxLength={18} placeholder="请输入身份证号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
