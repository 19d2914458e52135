import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Space,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { JobPost, PostBody } from '@app/contracts';
import { POSITION_LEVELS, SALARY_BANDS } from '@app/contracts/common/dictionaries';
import {
  EDUCATIONS,
  EXPERIENCES,
  HEADCOUNT_MAX,
  POST_CITIES_MAX,
  POST_DESCRIPTION_MAX,
  POST_TITLE_MAX,
  SALARY_MAX_YUAN,
  recruitingMessages as m,
} from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { useMyCompany } from '../api/use-recruiting';
import { CitiesPicker, PositionSelect } from '../components/option-fields';
import { applyServerErrors } from '../lib/format';
import '../components/recruiting.css';

interface Values extends Omit<PostBody, 'expires_on' | 'submit'> {
  salary_mode: 'band' | 'range';
  expires_on: Dayjs;
}

function initialValues(p: JobPost | undefined): Partial<Values> {
  if (!p)
    return {
      salary_mode: 'band',
      position_level: 1,
      experience: 0,
      education: 0,
      headcount: 1,
      expires_on: dayjs().add(30, 'day'),
    };
  return {
    title: p.title,
    position: p.position,
    position_level: p.position_level,
    citys: p.citys,
    salary_mode: p.salary_band === null ? 'range' : 'band',
    salary_band: p.salary_band,
    salary_min: p.salary_min,
    salary_max: p.salary_max,
    experience: p.experience,
    education: p.education,
    headcount: p.headcount,
    description: p.description,
    expires_on: dayjs(p.expires_on),
  };
}

function PostForm({ post }: { post?: JobPost }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<null | 'draft' | 'submit'>(null);
  const mode = Form.useWatch('salary_mode', form) ?? initialValues(post).salary_mode;

  const save = async (submit: boolean) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(submit ? 'submit' : 'draft');
    const body: PostBody = {
      title: v.title,
      position: v.position,
      position_level: v.position_level,
      citys: v.citys,
      salary_band: v.salary_mode === 'band' ? v.salary_band : null,
      salary_min: v.salary_mode === 'range' ? v.salary_min : null,
      salary_max: v.salary_mode === 'range' ? v.salary_max : null,
      experience: v.experience,
      education: v.education,
      headcount: v.headcount,
      description: v.description,
      expires_on: v.expires_on.format('YYYY-MM-DD'),
      submit,
    };
    try {
      const res = await recruitingApi.savePost(body, post?.id);
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
      navigate('/center/recruitment');
    } catch (err) {
      message.error(applyServerErrors(form, err, '保存失败'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Form
      form={form}
      name="post"
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      style={{ maxWidth: 760 }}
      validateTrigger={['onBlur', 'onChange']}
      initialValues={initialValues(post)}
    >
      {post?.status === 'online' && (
        <Alert
          showIcon
          type="info"
          style={{ marginBottom: 16 }}
          message="修改招聘中职位的名称、类别、城市、薪资、要求或描述后，职位将重新进入审核；只改招聘人数或截止日期不需要审核。"
        />
      )}
      <Form.Item
        label="职位名称"
        name="title"
        rules={[
          { required: true, whitespace: true, message: m.postTitleRequired },
          { max: POST_TITLE_MAX, message: m.textTooLong(POST_TITLE_MAX) },
        ]}
      >
        <Input maxLength={POST_TITLE_MAX} placeholder="如：总账会计（制造业）" />
      </Form.Item>
      <Form.Item label="职位类别" name="position" rules={[{ required: true, message: m.positionRequired }]}>
        <PositionSelect />
      </Form.Item>
      <Form.Item
        label="职位层级"
        name="position_level"
        rules={[{ required: true, message: m.positionLevelRequired }]}
      >
        <Radio.Group options={POSITION_LEVELS} />
      </Form.Item>
      <Form.Item
        label="工作城市"
        name="citys"
        rules={[
          { required: true, message: m.citiesRequired },
          {
            validator: (_, v: string | undefined) =>
              (v ?? '').split(',').filter(Boolean).length <= POST_CITIES_MAX
                ? Promise.resolve()
                : Promise.reject(new Error(m.citiesTooMany)),
          },
        ]}
      >
        <CitiesPicker />
      </Form.Item>
      <Form.Item label="薪资" name="salary_mode">
        <Radio.Group
          options={[
            { value: 'band', label: '七档薪资' },
            { value: 'range', label: '自定义月薪范围' },
          ]}
        />
      </Form.Item>
      {mode === 'band' ? (
        <Form.Item label="薪资档" name="salary_band" rules={[{ required: true, message: m.salaryRequired }]}>
          <Select placeholder="选择薪资档" options={SALARY_BANDS.map((label, value) => ({ value, label }))} />
        </Form.Item>
      ) : (
        <Form.Item label="月薪（元）" required>
          <Space>
            <Form.Item name="salary_min" noStyle rules={[{ required: true, message: m.salaryRequired }]}>
              <InputNumber min={0} max={SALARY_MAX_YUAN} placeholder="最低" aria-label="最低月薪" />
            </Form.Item>
            <span>至</span>
            <Form.Item
              name="salary_max"
              noStyle
              dependencies={['salary_min']}
              rules={[
                { required: true, message: m.salaryRequired },
                ({ getFieldValue }) => ({
                  validator: (_, v: number | undefined) =>
                    v === undefined ||
                    v === null ||
                    getFieldValue('salary_min') == null ||
                    getFieldValue('salary_min') <= v
                      ? Promise.resolve()
                      : Promise.reject(new Error(m.salaryMinAboveMax)),
                }),
              ]}
            >
              <InputNumber min={1} max={SALARY_MAX_YUAN} placeholder="最高" aria-label="最高月薪" />
            </Form.Item>
          </Space>
        </Form.Item>
      )}
      <Form.Item
        label="经验要求"
        name="experience"
        rules={[{ required: true, message: m.experienceRequired }]}
      >
        <Select options={EXPERIENCES.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      <Form.Item label="学历要求" name="education" rules={[{ required: true, message: m.educationRequired }]}>
        <Select options={EDUCATIONS} />
      </Form.Item>
      <Form.Item label="招聘人数" name="headcount" rules={[{ required: true, message: m.headcountInvalid }]}>
        <InputNumber min={1} max={HEADCOUNT_MAX} />
      </Form.Item>
      <Form.Item
        label="职位描述"
        name="description"
        rules={[
          { required: true, whitespace: true, message: m.descriptionRequired },
          { max: POST_DESCRIPTION_MAX, message: m.textTooLong(POST_DESCRIPTION_MAX) },
        ]}
      >
        <Input.TextArea
          rows={8}
          maxLength={POST_DESCRIPTION_MAX}
          showCount
          placeholder="岗位职责、任职要求、福利待遇"
        />
      </Form.Item>
      <Form.Item
        label="截止日期"
        name="expires_on"
        rules={[
          { required: true, message: m.expiresRequired },
          {
            validator: (_, v: Dayjs | undefined) =>
              !v || !v.isBefore(dayjs(), 'day')
                ? Promise.resolve()
                : Promise.reject(new Error(m.expiresInPast)),
          },
        ]}
      >
        <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" loading={saving === 'submit'} onClick={() => void save(true)}>
            提交审核
          </Button>
          <Button loading={saving === 'draft'} onClick={() => void save(false)}>
            存为草稿
          </Button>
          <Link to="/center/recruitment">取消</Link>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** /center/recruitment/postEdit (?id= to edit): a job post form. */
export default function PostEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const company = useMyCompany();
  const post = useQuery({
    queryKey: recruitingKeys.myPost(id ?? 0),
    queryFn: () => recruitingApi.myPost(id!),
    enabled: !!id,
  });
  let body;
  if (company.isPending || (id && post.isPending)) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (company.data?.status !== 'verified')
    body = (
      <Alert
        showIcon
        type="warning"
        message={m.notVerified}
        action={<Link to="/center/recruitment/companyEdit">去认证</Link>}
      />
    );
  else if (id && post.isError) body = <Alert type="error" message={m.postNotFound} />;
  else body = <PostForm post={post.data} key={post.data?.id ?? 'new'} />;
  return (
    <div className="rc-centre">
      <h2 className="rc-page__title">{id ? '编辑职位' : '发布职位'}</h2>
      <Card size="small">{body}</Card>
    </div>
  );
}
