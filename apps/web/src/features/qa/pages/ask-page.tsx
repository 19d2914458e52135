import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Radio, Select, Upload, type UploadFile } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  QA_ADDRESSED_WORKING_DAYS,
  QA_BODY_MAX,
  QA_CATEGORIES,
  QA_IMAGE_ACCEPT,
  QA_IMAGE_MAX_BYTES,
  QA_IMAGES_MAX,
  QA_TITLE_MAX,
  QA_TITLE_MIN,
  qaMessages as m,
} from '@app/contracts/qa/qa.rules';
import { isApiError } from '@/shared/lib/api-client';
import { qaApi, qaKeys } from '../api/qa-api';
import { useQuota, useSimilar } from '../api/use-qa';
import { questionPath, threadPath } from '../lib/format';
import '../components/qa.css';

interface AskValues {
  title: string;
  category: string;
  body: string;
  is_public: boolean;
}

/** Debounces a value (the similar-question search runs once typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/** `?expert=<profile id>` from an expert's page: the question is addressed to them. */
function useAddressedExpert() {
  const [params] = useSearchParams();
  const id = Number(params.get('expert'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ queryKey: qaKeys.askableExpert(id), queryFn: () => qaApi.askableExpert(id), enabled: valid, retry: false });
  return valid ? q : null;
}

/**
 * /center/quizQuestion: ask the think-tank experts; similar answered questions are suggested while typing. From an
 * expert's page (`?expert=`) the question is addressed to that expert, who is offered it first.
 */
export default function AskPage() {
  const [form] = Form.useForm<AskValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const quota = useQuota();
  const [files, setFiles] = useState<UploadFile<{ id: number }>[]>([]);
  const [saving, setSaving] = useState(false);
  const title = Form.useWatch('title', form) ?? '';
  const text = useDebounced(title, 400);
  const similar = useSimilar(text);
  const usedUp = quota.data?.left === 0;
  const addressed = useAddressedExpert();
  const expert = addressed?.data?.answers_online ? addressed.data : null;

  const submit = async (v: AskValues) => {
    if (files.some((f) => f.status === 'uploading')) {
      message.warning('图片上传中，请稍候');
      return;
    }
    setSaving(true);
    try {
      const res = await qaApi.ask({
        title: v.title.trim(),
        category: v.category as (typeof QA_CATEGORIES)[number],
        body: v.body.trim(),
        is_public: v.is_public,
        image_ids: files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.id),
        ...(expert ? { expert_id: expert.id } : {}),
      });
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: qaKeys.all });
      navigate(threadPath(res.data.id));
    } catch (err) {
      if (isApiError(err)) {
        const fields = (err.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
        if (fields)
          form.setFields(
            Object.entries(fields).map(([name, errors]) => ({
              name: name as keyof AskValues,
              errors: [errors],
            })),
          );
        message.error(err.message);
      } else message.error('提交失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title={expert ? `向${expert.name}提问` : '我要提问'}
      extra={<Link to="/center/quiz">我的提问</Link>}
    >
      {addressed?.isPending && <Alert type="info" style={{ marginBottom: 16 }} title="正在读取专家信息…" />}
      {expert && (
        <Alert
          type="info"
          showIcon
          className="qa-addressed"
          style={{ marginBottom: 16 }}
          title={`您的问题将优先交由 ${expert.name}（${expert.title}，${expert.organisation}）解答`}
          description={`专家将在${QA_ADDRESSED_WORKING_DAYS}个工作日内优先认领；逾时未认领，问题将交由平台其他专家解答，仍在2个工作日内答复。`}
        />
      )}
      {addressed?.data && !addressed.data.answers_online && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${addressed.data.name}暂未开通在线解答`}
          description="您仍可在此提问，问题将由平台专家团队在2个工作日内解答。"
        />
      )}
      {addressed?.isError && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="未找到该专家，您的问题将由平台专家团队解答。" />
      )}
      {quota.data &&
        (quota.data.is_member ? (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title="您是会员：提问不限次数，专家将在2个工作日内解答。"
          />
        ) : (
          <Alert
            type={usedUp ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={`非会员每月可提问${quota.data.limit}次，本月还可提问 ${quota.data.left} 次。`}
            description={
              <span>
                开通会员可不限次数提问。<Link to="/payment?type=buyVip">开通会员</Link>
              </span>
            }
          />
        ))}
      <Form<AskValues>
        form={form}
        name="quiz_question"
        layout="vertical"
        initialValues={{ is_public: true }}
        onFinish={(v) => void submit(v)}
        validateTrigger={['onBlur', 'onChange']}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="title"
          label="问题标题"
          rules={[
            { required: true, whitespace: true, message: m.titleRequired },
            { min: QA_TITLE_MIN, message: m.titleTooShort },
            { max: QA_TITLE_MAX, message: m.titleTooLong },
          ]}
        >
          <Input
            placeholder="一句话说明您的问题，如：年终奖可以单独计税吗"
            maxLength={QA_TITLE_MAX}
            showCount
          />
        </Form.Item>
        {similar.data && similar.data.length > 0 && text.trim().length >= 3 && (
          <Alert
            className="qa-similar"
            type="info"
            title="这些已解答的问题可能对您有帮助"
            description={
              <ul className="qa-side-list" aria-label="相似问题">
                {similar.data.map((s) => (
                  <li key={s.id}>
                    <Link to={questionPath(s.id)} target="_blank">
                      {s.title}
                    </Link>
                    <span className="qa-muted">（{s.category}）</span>
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Form.Item name="category" label="问题分类" rules={[{ required: true, message: m.categoryRequired }]}>
          <Select placeholder="请选择问题分类" options={QA_CATEGORIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="body"
          label="问题描述"
          rules={[
            { required: true, whitespace: true, message: m.bodyRequired },
            { max: QA_BODY_MAX, message: m.bodyTooLong },
          ]}
        >
          <Input.TextArea
            rows={8}
            maxLength={QA_BODY_MAX}
            showCount
            placeholder="请写明业务背景、涉及金额与时间、您已了解的政策，便于专家准确解答"
          />
        </Form.Item>
        <Form.Item label={`图片（最多${QA_IMAGES_MAX}张，选填）`}>
          <Upload<{ id: number }>
            listType="picture-card"
            accept={QA_IMAGE_ACCEPT}
            fileList={files}
            maxCount={QA_IMAGES_MAX}
            beforeUpload={(file) => {
              if (file.size > QA_IMAGE_MAX_BYTES) {
                message.error(m.imageTooLarge);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              qaApi
                .uploadImage(file as File)
                .then((res) => onSuccess?.(res.data))
                .catch((err: unknown) => {
                  message.error(isApiError(err) ? err.message : '图片上传失败');
                  onError?.(err as Error);
                });
            }}
            onChange={({ fileList }) => setFiles(fileList.filter((f) => f.status !== 'error'))}
          >
            {files.length < QA_IMAGES_MAX && (
              <button type="button" style={{ border: 0, background: 'none' }}>
                <PlusOutlined />
                <div style={{ marginTop: 8 }}>上传图片</div>
              </button>
            )}
          </Upload>
        </Form.Item>
        <Form.Item name="is_public" label="是否公开">
          <Radio.Group
            options={[
              { value: true, label: '公开（解答后展示在在线问答，提问人姓名隐去）' },
              { value: false, label: '仅自己可见' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={usedUp}>
          提交问题
        </Button>
      </Form>
    </Card>
  );
}
