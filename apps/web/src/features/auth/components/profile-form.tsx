import { Button, Form, Input, Radio, Select } from 'antd';
import { useEffect } from 'react';
import {
  GENDERS,
  idCardSchema,
  NICKNAME_MAX_LENGTH,
  POLITICAL_STATUSES,
  REAL_NAME_MAX_LENGTH,
  authMessages,
  maskPhone,
  zodFieldValidator,
  type Profile,
} from '@app/contracts';
import { useSaveProfile } from '../api/use-profile';
import { applyApiError } from '../lib/form-errors';
import { VALIDATE_TRIGGER } from './form-rules';
import { AvatarUpload } from './avatar-upload';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  nickname: string;
  real_name: string;
  id_number: string;
  gender: number | null;
  political_status: number | null;
}

const FIELDS = ['nickname', 'real_name', 'id_number', 'gender', 'political_status'] as const;

function toValues(p: Profile): Values {
  return {
    nickname: p.nickname ?? '',
    real_name: p.real_name ?? '',
    id_number: p.id_number ?? '',
    gender: p.gender,
    political_status: p.political_status,
  };
}

/** 个人信息: avatar (uploaded at once), nickname, real name, ID number (SPEC §5), gender, political status. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveProfile();
  // Company accounts show their registered company data; the personal identity fields do not apply.
  const company = profile.role === 'company';

  useEffect(() => {
    form.setFieldsValue(toValues(profile));
  }, [form, profile]);

  async function submit(values: Values) {
    try {
      await save.mutateAsync(
        company
          ? { nickname: values.nickname }
          : {
              nickname: values.nickname,
              real_name: values.real_name,
              id_number: values.id_number.trim(),
              gender: values.gender ?? null,
              political_status: values.political_status ?? null,
            },
      );
      notifier.success(authMessages.settingSaved);
    } catch (err) {
      const text = applyApiError(form, err, FIELDS);
      if (text) notifier.error(text);
    }
  }

  return (
    <div className="setting-form">
      <AvatarUpload avatar={profile.avatar} />
      <Form
        name="profile"
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: '360px' }}
        onFinish={submit}
        initialValues={toValues(profile)}
        className="setting-form__form"
      >
        <Form.Item label="手机号">
          <span className="setting-form__static">{maskPhone(profile.phone)}</span>
        </Form.Item>
        <Form.Item
          label="昵称"
          name="nickname"
          rules={[{ max: NICKNAME_MAX_LENGTH, message: authMessages.nicknameTooLong }]}
        >
          <Input placeholder="请输入昵称" maxLength={NICKNAME_MAX_LENGTH} showCount />
        </Form.Item>
        {company ? (
          <>
            <Form.Item label="企业名称">
              <span className="setting-form__static">{profile.company_name ?? '—'}</span>
            </Form.Item>
            <Form.Item label="信用代码">
              <span className="setting-form__static">{profile.credit_code ?? '—'}</span>
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              label="真实姓名"
              name="real_name"
              rules={[{ max: REAL_NAME_MAX_LENGTH, message: authMessages.realNameTooLong }]}
            >
              <Input placeholder="请输入真实姓名" maxLength={REAL_NAME_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              label="身份证号"
              name="id_number"
              required
              rules={[{ validator: zodFieldValidator(idCardSchema) }]}
              validateTrigger={VALIDATE_TRIGGER}
            >
              <Input placeholder="请输入身份证号" maxLength={18} />
            </Form.Item>
            <Form.Item label="性别" name="gender">
              <Radio.Group options={GENDERS.map((g) => ({ value: g.value, label: g.label }))} />
            </Form.Item>
            <Form.Item label="政治面貌" name="political_status">
              <Select
                placeholder="请选择政治面貌"
                allowClear
                options={POLITICAL_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
