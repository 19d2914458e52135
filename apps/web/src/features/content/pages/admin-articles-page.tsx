import { App, Button, Card, DatePicker, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Timeline } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { LEARNING_BASES } from '@app/contracts/common/dictionaries';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_STATE_LABELS,
  ARTICLE_STATES,
  CASE_INDUSTRIES,
  COMPANY_SIZES,
  type ArticleKind,
  type ArticleState,
} from '@app/contracts/content/content.rules';
import type { AdminArticle, ArticleInput } from '@app/contracts/content/articles.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDateTime } from '@/shared/lib/china-time';
import { articlesApi, type AdminArticleRow } from '../api/articles-api';
import { contentKeys } from '../api/content-keys';
import { ArticleHtml } from '../components/article-parts';
import { CoverField } from '../components/cover-field';
import { articlePath, dateOf } from '../lib/format';
import '../components/content.css';

// The editor (TipTap) is loaded only by this staff screen.
const RichEditor = lazy(() => import('../components/rich-editor'));

const STATE_COLORS: Record<ArticleState, string> = { draft: 'default', scheduled: 'orange', published: 'green', withdrawn: 'red' };
const KIND_LABELS: Record<ArticleKind, string> = { news: '新闻', case: '案例' };
const ACTION_LABELS = { publish: '发布', schedule: '定时发布', withdraw: '撤回' } as const;

type FormValues = Omit<ArticleInput, 'body'>;

function errorText(err: unknown): string {
  return isApiError(err) ? err.message : '操作失败，请稍后重试';
}

/** /admin/content-articles: news and cases — list, write, preview, schedule, publish, withdraw, version history. */
export default function AdminArticlesPage() {
  const [filter, setFilter] = useState<{ page: number; per: number; kind?: ArticleKind; state?: ArticleState; keyword?: string }>({
    page: 1,
    per: 20,
  });
  const [editing, setEditing] = useState<{ kind: ArticleKind; id: number | null } | null>(null);
  const list = useQuery({ queryKey: [...contentKeys.admin(), 'articles', filter], queryFn: () => articlesApi.adminList(filter) });

  const columns: ColumnsType<AdminArticleRow> = [
    { title: '标题', dataIndex: 'title', render: (t: string, r) => <a onClick={() => setEditing({ kind: r.kind, id: r.id })}>{t}</a> },
    { title: '类型', dataIndex: 'kind', width: 70, render: (k: ArticleKind) => KIND_LABELS[k] },
    { title: '栏目', dataIndex: 'category', width: 110 },
    { title: '地区', dataIndex: 'region_name', width: 80, render: (v: string | null) => v ?? '全国' },
    { title: '状态', dataIndex: 'state', width: 100, render: (s: ArticleState) => <Tag color={STATE_COLORS[s]}>{ARTICLE_STATE_LABELS[s]}</Tag> },
    { title: '发布时间', dataIndex: 'publish_at', width: 170, render: (v: string | null) => chinaDateTime(v, '—') },
    { title: '阅读', dataIndex: 'view_count', width: 70 },
  ];

  return (
    <Card
      title="新闻与案例"
      extra={
        <Space>
          <Button type="primary" onClick={() => setEditing({ kind: 'news', id: null })}>
            写新闻
          </Button>
          <Button onClick={() => setEditing({ kind: 'case', id: null })}>写案例</Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="类型筛选"
          placeholder="全部类型"
          allowClear
          style={{ width: 120 }}
          value={filter.kind}
          onChange={(kind?: ArticleKind) => setFilter({ ...filter, kind, page: 1 })}
          options={(['news', 'case'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        />
        <Select
          aria-label="状态筛选"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          value={filter.state}
          onChange={(state?: ArticleState) => setFilter({ ...filter, state, page: 1 })}
          options={ARTICLE_STATES.map((s) => ({ value: s, label: ARTICLE_STATE_LABELS[s] }))}
        />
        <Input.Search aria-label="搜索标题" placeholder="搜索标题" allowClear onSearch={(keyword) => setFilter({ ...filter, keyword, page: 1 })} />
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: filter.page,
          pageSize: filter.per,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setFilter({ ...filter, page }),
        }}
      />
      {editing && <ArticleEditor kind={editing.kind} id={editing.id} onClose={() => setEditing(null)} onSaved={(id) => setEditing({ ...editing, id })} />}
    </Card>
  );
}

function ArticleEditor(props: { kind: ArticleKind; id: number | null; onClose: () => void; onSaved: (id: number) => void }) {
  const { kind, id, onClose, onSaved } = props;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [body, setBody] = useState('');
  const [loadedId, setLoadedId] = useState<number | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<AdminArticle | null>(null);
  const [scheduleAt, setScheduleAt] = useState<Dayjs | null>(null);
  const current = useQuery({
    queryKey: [...contentKeys.admin(), 'article', id],
    queryFn: () => articlesApi.adminGet(id!),
    enabled: id !== null,
  });
  const versions = useQuery({
    queryKey: [...contentKeys.admin(), 'versions', id],
    queryFn: () => articlesApi.versions(id!),
    enabled: id !== null,
  });
  const article = current.data;

  // Load the record into the form once per article (state adjusted during render, not in an effect).
  if (id === null && loadedId !== null) {
    setLoadedId(null);
    form.setFieldsValue({ kind, category: ARTICLE_CATEGORIES[kind][0], tags: [], access: 'public', region: null, cover: null });
    setBody('');
  } else if (id !== null && article && loadedId !== id) {
    setLoadedId(id);
    load(article);
  }

  function load(a: AdminArticle) {
    form.setFieldsValue({
      kind: a.kind,
      title: a.title,
      summary: a.summary,
      category: a.category,
      tags: a.tags,
      source: a.source,
      author: a.author,
      region: a.region,
      industry: a.industry as FormValues['industry'],
      company_size: a.company_size as FormValues['company_size'],
      access: a.access,
      cover: a.cover,
    });
    setBody(a.body);
  }

  const refresh = async (a: AdminArticle) => {
    queryClient.setQueryData([...contentKeys.admin(), 'article', a.id], a);
    await queryClient.invalidateQueries({ queryKey: contentKeys.all });
  };

  const save = async (): Promise<AdminArticle | null> => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    setBusy(true);
    try {
      const input: ArticleInput = { ...values, kind, body };
      const res = id === null ? await articlesApi.create(input) : await articlesApi.update(id, input);
      message.success(res.message);
      setLoadedId(res.data.id);
      setBody(res.data.body);
      await refresh(res.data);
      if (id === null) onSaved(res.data.id);
      return res.data;
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) {
        form.setFields(Object.entries(err.fieldErrors).filter(([f]) => f !== 'body').map(([name, e]) => ({ name: name as keyof FormValues, errors: [e] })));
      }
      message.error(errorText(err));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const act = async (run: (articleId: number) => Promise<{ message: string; data: AdminArticle }>) => {
    const saved = await save();
    if (!saved) return;
    setBusy(true);
    try {
      const res = await run(saved.id);
      message.success(res.message);
      await refresh(res.data);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const state = article?.state ?? 'draft';
  const live = state === 'published' || state === 'scheduled';
  return (
    <Drawer
      open
      size="large"
      width={980}
      title={`${id === null ? '新建' : '编辑'}${KIND_LABELS[kind]}`}
      onClose={onClose}
      extra={<Tag color={STATE_COLORS[state]}>{ARTICLE_STATE_LABELS[state]}</Tag>}
      footer={
        <Space wrap>
          <Button onClick={() => void save()} loading={busy}>
            保存
          </Button>
          <Button
            onClick={async () => {
              const saved = await save();
              if (saved) setPreview(saved);
            }}
            disabled={busy}
          >
            预览
          </Button>
          <Popconfirm title="确定立即发布？" onConfirm={() => void act((aid) => articlesApi.publish(aid, null))} disabled={state === 'published'}>
            <Button type="primary" disabled={busy || state === 'published'}>
              立即发布
            </Button>
          </Popconfirm>
          <DatePicker
            showTime={{ format: 'HH:mm:ss' }}
            format="YYYY-MM-DD HH:mm:ss"
            aria-label="定时发布时间"
            placeholder="选择定时发布时间"
            value={scheduleAt}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            onChange={setScheduleAt}
          />
          <Button
            disabled={busy || !scheduleAt || state === 'published'}
            onClick={() => void act((aid) => articlesApi.publish(aid, scheduleAt!.toISOString()))}
          >
            定时发布
          </Button>
          {live && (
            <Popconfirm title="撤回后访客将看不到这篇文章，确定撤回？" onConfirm={() => void act((aid) => articlesApi.withdraw(aid))}>
              <Button danger disabled={busy}>
                撤回
              </Button>
            </Popconfirm>
          )}
          {article && state === 'published' && (
            <a href={articlePath(article)} target="_blank" rel="noopener">
              查看前台页面
            </a>
          )}
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入标题' }, { max: 80, message: '标题最多80个字' }]}>
          <Input maxLength={80} showCount />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="category" label={kind === 'case' ? '专题' : '栏目'} rules={[{ required: true, message: '请选择栏目' }]}>
            <Select style={{ width: 160 }} options={ARTICLE_CATEGORIES[kind].map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="region" label="地区">
            <Select
              style={{ width: 140 }}
              options={[{ value: null, label: '全国' }, ...Object.entries(LEARNING_BASES).map(([code, name]) => ({ value: code, label: name }))]}
            />
          </Form.Item>
          <Form.Item name="source" label="来源或文号">
            <Input style={{ width: 240 }} maxLength={60} placeholder="如：财会〔2023〕11号" />
          </Form.Item>
          <Form.Item name="author" label="作者">
            <Input style={{ width: 140 }} maxLength={30} />
          </Form.Item>
        </Space>
        {kind === 'case' && (
          <Space wrap align="start">
            <Form.Item name="industry" label="行业">
              <Select style={{ width: 140 }} allowClear options={CASE_INDUSTRIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item name="company_size" label="企业规模">
              <Select style={{ width: 140 }} allowClear options={COMPANY_SIZES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item name="access" label="阅读权限">
              <Select
                style={{ width: 160 }}
                options={[
                  { value: 'public', label: '公开' },
                  { value: 'member', label: '会员阅读全文' },
                ]}
              />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="tags" label="标签（回车添加，最多8个）">
          <Select mode="tags" maxCount={8} tokenSeparators={[',', '，']} />
        </Form.Item>
        <Form.Item name="cover" label="封面图片">
          <CoverField />
        </Form.Item>
        <Form.Item name="summary" label="摘要（留空则取正文开头）">
          <Input.TextArea rows={2} maxLength={300} showCount />
        </Form.Item>
        <Form.Item label="正文" required>
          <Suspense fallback={<div className="cms-editor cms-editor--loading" />}>
            <RichEditor value={body} onChange={setBody} />
          </Suspense>
        </Form.Item>
      </Form>

      {article && (
        <Space align="start" size={32} wrap>
          <div>
            <h3>发布记录</h3>
            {article.events.length === 0 ? (
              <p className="cms-muted">尚未发布</p>
            ) : (
              <Timeline
                items={article.events.map((e) => ({
                  content: `${chinaDateTime(e.at)} ${e.by} ${ACTION_LABELS[e.action]}${e.action === 'schedule' && e.publish_at ? `（${chinaDateTime(e.publish_at)}）` : ''}`,
                }))}
              />
            )}
          </div>
          <div>
            <h3>历史版本</h3>
            <ul className="cms-versions">
              {(versions.data ?? []).map((v) => (
                <li key={v.id}>
                  第{v.version}版 · {v.saved_by} · {chinaDateTime(v.saved_at)}{' '}
                  <Popconfirm
                    title="用这个版本替换当前内容？"
                    onConfirm={async () => {
                      try {
                        const res = await articlesApi.restore(article.id, v.id);
                        message.success(res.message);
                        load(res.data);
                        await refresh(res.data);
                      } catch (err) {
                        message.error(errorText(err));
                      }
                    }}
                  >
                    <Button size="small" type="link">
                      恢复
                    </Button>
                  </Popconfirm>
                </li>
              ))}
            </ul>
          </div>
        </Space>
      )}

      <Modal open={preview !== null} title="预览（访客看到的样子）" width={860} footer={null} onCancel={() => setPreview(null)}>
        {preview && (
          <article className="cms-article">
            <h1 className="cms-article__title">{preview.title}</h1>
            <div className="cms-row__meta cms-article__meta">
              <Tag color="blue">{preview.category}</Tag>
              {preview.source && <span>来源：{preview.source}</span>}
              <span>{dateOf(preview.publish_at) || '未发布'}</span>
            </div>
            <ArticleHtml html={preview.body} />
          </article>
        )}
      </Modal>
    </Drawer>
  );
}
