import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Progress, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import {
  MAGAZINE_PDF_MAX_BYTES,
  MAGAZINE_SUMMARY_MAX,
  MAGAZINE_TITLE_MAX,
  magazineMessages as m,
  type AdminMagazine,
  type MagazineUploadFields,
  type TocEntry,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { magazineApi } from '../api/magazine-api';
import { useAdminMagazines, useMagazineAdminActions } from '../api/use-magazine';

type UploadForm = MagazineUploadFields;

function UploadCard({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(values: UploadForm) {
    if (!file) return setFileError(m.pdfMissing);
    if (file.size > MAGAZINE_PDF_MAX_BYTES) return setFileError(m.pdfTooLarge);
    setPercent(0);
    try {
      await magazineApi.upload({ ...values, summary: values.summary ?? '' }, file, setPercent);
      message.success('已上传，请设置目录后发布');
      form.resetFields();
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onDone();
    } catch (err) {
      if (isApiError(err)) {
        const fields = Object.entries(err.fieldErrors);
        if (fields.length > 0) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof UploadForm, errors: [errors] })));
        else setFileError(err.message);
      } else setFileError('上传失败，请重试');
    } finally {
      setPercent(null);
    }
  }

  return (
    <Card title="上传新一期" size="small">
      <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 12 }}>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: m.titleRequired }, { max: MAGAZINE_TITLE_MAX, message: m.titleTooLong }]}>
          <Input placeholder="本期主题" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="year" label="年份" rules={[{ required: true, message: m.yearInvalid }]}>
          <InputNumber min={2000} max={2100} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="month" label="月份" rules={[{ required: true, message: m.monthInvalid }]}>
          <InputNumber min={1} max={12} style={{ width: 70 }} />
        </Form.Item>
        <Form.Item name="issue_no" label="期号" rules={[{ required: true, message: m.issueNoInvalid }]}>
          <InputNumber min={1} max={999} style={{ width: 70 }} />
        </Form.Item>
        <Form.Item name="summary" label="简介" rules={[{ max: MAGAZINE_SUMMARY_MAX, message: m.summaryTooLong }]}>
          <Input style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label="PDF 文件" validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <input
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            aria-label="PDF 文件"
            style={{ display: 'none' }}
            onChange={(e) => {
              setFileError(null);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
          <Button onClick={() => fileInput.current?.click()}>选择 PDF 文件</Button>
          <span style={{ marginLeft: 8, color: '#6b7280' }}>{file ? file.name : '未选择文件'}</span>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={percent !== null}>
            上传
          </Button>
        </Form.Item>
      </Form>
      {percent !== null && <Progress percent={percent} size="small" aria-label="上传进度" />}
    </Card>
  );
}

function TocModal({ issue, onClose }: { issue: AdminMagazine; onClose: () => void }) {
  const { message } = App.useApp();
  const { update } = useMagazineAdminActions();
  const [form] = Form.useForm<{ title: string; summary: string; toc: TocEntry[] }>();

  async function save() {
    const values = await form.validateFields();
    try {
      await update.mutateAsync({ id: issue.id, body: { title: values.title, summary: values.summary ?? '', toc: values.toc ?? [] } });
      message.success('已保存');
      onClose();
    } catch (err) {
      message.error(isApiError(err) ? err.message : '保存失败');
    }
  }

  return (
    <Modal open title={`编辑《${issue.title}》`} onCancel={onClose} onOk={save} confirmLoading={update.isPending} okText="保存" cancelText="取消" width={640}>
      <Form form={form} layout="vertical" initialValues={{ title: issue.title, summary: issue.summary, toc: issue.toc }}>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: m.titleRequired }, { max: MAGAZINE_TITLE_MAX, message: m.titleTooLong }]}>
          <Input />
        </Form.Item>
        <Form.Item name="summary" label="简介" rules={[{ max: MAGAZINE_SUMMARY_MAX, message: m.summaryTooLong }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.List name="toc">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'title']} rules={[{ required: true, message: m.tocTitleRequired }]}>
                    <Input placeholder="文章标题" style={{ width: 340 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'page']} rules={[{ required: true, message: m.tocPageInvalid }]}>
                    <InputNumber min={1} max={issue.page_count} placeholder="页码" />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ title: '', page: 1 })}>添加目录条目</Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** /admin/magazines: upload an issue (with progress), set its TOC, publish it. */
export default function AdminMagazinesPage() {
  const { message } = App.useApp();
  const { data, isPending } = useAdminMagazines();
  const { publish, remove, refresh } = useMagazineAdminActions();
  const [editing, setEditing] = useState<AdminMagazine | null>(null);

  return (
    <Card title="电子杂志">
      <Space direction="vertical" style={{ width: '100%' }} size="large">
        <UploadCard onDone={() => void refresh()} />
        <Table<AdminMagazine>
          rowKey="id"
          loading={isPending}
          dataSource={data?.items ?? []}
          pagination={{ pageSize: 12 }}
          columns={[
            { title: '期刊', render: (_, r) => `${r.year}年${r.month}月 · 第${r.issue_no}期` },
            { title: '标题', dataIndex: 'title' },
            { title: '页数', dataIndex: 'page_count', width: 70 },
            { title: '目录', render: (_, r) => `${r.toc.length} 条`, width: 80 },
            {
              title: '状态',
              width: 90,
              render: (_, r) => (r.published_at ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
            },
            {
              title: '操作',
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)}>
                    编辑目录
                  </Button>
                  {!r.published_at && (
                    <Popconfirm
                      title="发布后会员将收到新刊消息，确定发布？"
                      okText="发布"
                      cancelText="取消"
                      onConfirm={() => publish.mutateAsync(r.id).then(() => message.success('已发布'))}
                    >
                      <Button size="small" type="primary">
                        发布
                      </Button>
                    </Popconfirm>
                  )}
                  {!r.published_at && (
                    <Popconfirm title="删除这期未发布的杂志？" okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync(r.id)}>
                      <Button size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
        {editing && <TocModal issue={editing} onClose={() => setEditing(null)} />}
      </Space>
    </Card>
  );
}
