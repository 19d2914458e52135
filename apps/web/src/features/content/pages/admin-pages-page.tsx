import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Banner, BannerInput, ExpertProfileCard, LearningBase, ServiceGuide } from '@app/contracts/content/articles.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { articlesApi, type TopicPage } from '../api/articles-api';
import { CoverField } from '../components/cover-field';
import { contentKeys } from '../api/content-keys';

const lines = (s: string | undefined) => (s ?? '').split('\n').map((l) => l.trim()).filter(Boolean);

function useSaver() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (run: () => Promise<{ message: string }>, form?: { setFields: (fields: { name: string; errors: string[] }[]) => void }) => {
    try {
      const res = await run();
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: contentKeys.all });
      return true;
    } catch (err) {
      if (form && isApiError(err) && err.fieldErrors) {
        form.setFields(Object.entries(err.fieldErrors).map(([name, e]) => ({ name: name.split('.')[0]!, errors: [e] })));
      }
      message.error(isApiError(err) ? err.message : '保存失败');
      return false;
    }
  };
}

type ExpertForm = Omit<ExpertProfileCard, 'id' | 'fields' | 'works'> & { fields: string[]; works: string; sort: number };

function ExpertsTab() {
  const experts = useQuery({ queryKey: contentKeys.experts({}), queryFn: () => articlesApi.experts({}) });
  const [form] = Form.useForm<ExpertForm>();
  const save = useSaver();
  return (
    <Space align="start" wrap size={24}>
      <Table<ExpertProfileCard>
        rowKey="id"
        size="small"
        style={{ minWidth: 420 }}
        dataSource={experts.data?.list ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '单位', dataIndex: 'organisation' },
          {
            title: '',
            width: 70,
            render: (_: unknown, e) => (
              <Button size="small" type="link" onClick={() => form.setFieldsValue({ ...e, works: e.works.join('\n'), sort: 0 })}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Form<ExpertForm>
        form={form}
        layout="vertical"
        style={{ width: 420 }}
        initialValues={{ photo: null, sort: 0, fields: [] }}
        onFinish={async (v) => {
          if (await save(() => articlesApi.saveExpert({ ...v, photo: v.photo || null, works: lines(v.works) }), form as never)) form.resetFields();
        }}
      >
        <p className="cms-muted">姓名和单位相同的专家会被更新，否则新增。</p>
        <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请输入专家姓名' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="title" label="职称" rules={[{ required: true, message: '请输入职称' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="organisation" label="所在单位" rules={[{ required: true, message: '请输入所在单位' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="fields" label="擅长领域" rules={[{ required: true, message: '请至少填写一个擅长领域' }]}>
          <Select mode="tags" maxCount={8} />
        </Form.Item>
        <Form.Item name="introduction" label="简介" rules={[{ required: true, message: '请输入专家简介' }]}>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Form.Item name="works" label="代表作品（每行一项）">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <Form.Item name="photo" hidden>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          保存专家
        </Button>
      </Form>
    </Space>
  );
}

function BasesTab() {
  const bases = useQuery({ queryKey: contentKeys.learningBases(), queryFn: articlesApi.learningBases });
  const [code, setCode] = useState<string | undefined>();
  const [form] = Form.useForm<Pick<LearningBase, 'introduction' | 'address' | 'phone' | 'contact'>>();
  const save = useSaver();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      onFinish={(v) => code && void save(() => articlesApi.saveBase(code, v), form as never)}
    >
      <Form.Item label="学习基地">
        <Select
          aria-label="学习基地"
          value={code}
          placeholder="选择学习基地"
          onChange={(c: string) => {
            setCode(c);
            const b = bases.data?.find((x) => x.code === c);
            if (b) form.setFieldsValue(b);
          }}
          options={(bases.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
        />
      </Form.Item>
      <Form.Item name="introduction" label="基地简介" rules={[{ required: true, message: '请输入基地简介' }]}>
        <Input.TextArea rows={5} maxLength={2000} />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="电话">
        <Input />
      </Form.Item>
      <Form.Item name="contact" label="联系人">
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={!code}>
        保存基地页
      </Button>
    </Form>
  );
}

type GuideForm = { title: string; summary: string; link: string; steps: string; materials: string; faq: string };

function GuidesTab() {
  const guides = useQuery({ queryKey: contentKeys.serviceGuides(), queryFn: articlesApi.serviceGuides });
  const [id, setId] = useState<number | undefined>();
  const [form] = Form.useForm<GuideForm>();
  const save = useSaver();
  const fill = (g: ServiceGuide) =>
    form.setFieldsValue({
      title: g.title,
      summary: g.summary,
      link: g.link,
      steps: g.steps.join('\n'),
      materials: g.materials.join('\n'),
      faq: g.faq.map((f) => `${f.q}｜${f.a}`).join('\n'),
    });
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      onFinish={(v) =>
        id &&
        void save(
          () =>
            articlesApi.saveGuide(id, {
              title: v.title,
              summary: v.summary,
              link: v.link,
              steps: lines(v.steps),
              materials: lines(v.materials),
              faq: lines(v.faq).map((l) => {
                const [q, ...a] = l.split('｜');
                return { q: q!.trim(), a: a.join('｜').trim() };
              }),
            }),
          form as never,
        )
      }
    >
      <Form.Item label="服务指南">
        <Select
          aria-label="服务指南"
          value={id}
          placeholder="选择服务"
          onChange={(v: number) => {
            setId(v);
            const g = guides.data?.find((x) => x.id === v);
            if (g) fill(g);
          }}
          options={(guides.data ?? []).map((g) => ({ value: g.id, label: g.title }))}
        />
      </Form.Item>
      <Form.Item name="title" label="服务名称" rules={[{ required: true, message: '请输入服务名称' }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="summary" label="简介">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="link" label="办理入口（本站路径）" rules={[{ required: true, pattern: /^\/[^/]/, message: '请填写本站页面路径，例如 /center/invoice' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="steps" label="办理步骤（每行一步）">
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item name="materials" label="所需材料（每行一项）">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="faq" label="常见问题（每行一条：问题｜回答）">
        <Input.TextArea rows={4} />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={!id}>
        保存指南
      </Button>
    </Form>
  );
}

function BannersTab() {
  const banners = useQuery({ queryKey: [...contentKeys.admin(), 'banners'], queryFn: articlesApi.adminBanners });
  const [editing, setEditing] = useState<number | null>(null);
  const [form] = Form.useForm<BannerInput>();
  const save = useSaver();
  const blank = { title: '', subtitle: '', image: null, link: '', sort: 0, active: true };
  return (
    <Space align="start" wrap size={24}>
      <Table<Banner>
        rowKey="id"
        size="small"
        style={{ minWidth: 420 }}
        dataSource={banners.data ?? []}
        pagination={false}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 60 },
          { title: '标题', dataIndex: 'title' },
          { title: '状态', dataIndex: 'active', width: 80, render: (a: boolean) => (a ? <Tag color="green">显示</Tag> : <Tag>停用</Tag>) },
          {
            title: '',
            width: 70,
            render: (_: unknown, b) => (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setEditing(b.id);
                  form.setFieldsValue(b);
                }}
              >
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Form<BannerInput>
        form={form}
        layout="vertical"
        style={{ width: 420 }}
        initialValues={blank}
        onFinish={async (v) => {
          if (await save(() => articlesApi.saveBanner(editing, v), form as never)) {
            setEditing(null);
            form.setFieldsValue(blank);
          }
        }}
      >
        <p className="cms-muted">{editing === null ? '新增横幅' : '编辑横幅'}（首页最多显示排序最前的三个）</p>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入横幅标题' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="subtitle" label="副标题">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="link" label="链接（本站路径或 http(s) 网址）" rules={[{ required: true, message: '请填写链接' }]}>
          <Input placeholder="/publicityPage/tax-policy" />
        </Form.Item>
        <Form.Item name="image" label="背景图片（可不传）">
          <CoverField />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item name="active" label="显示" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space>
          <Button type="primary" htmlType="submit">
            保存横幅
          </Button>
          {editing !== null && (
            <Button
              onClick={() => {
                setEditing(null);
                form.setFieldsValue(blank);
              }}
            >
              新增
            </Button>
          )}
        </Space>
      </Form>
    </Space>
  );
}

function TopicsTab() {
  const topics = useQuery({ queryKey: [...contentKeys.admin(), 'topics'], queryFn: articlesApi.topics });
  const [form] = Form.useForm<TopicPage>();
  const save = useSaver();
  return (
    <Form<TopicPage>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      onFinish={(v) => void save(() => articlesApi.saveTopic(v.type, { title: v.title, banner: v.banner || null, intro: v.intro, tag: v.tag }), form as never)}
    >
      <Form.Item label="已有专题">
        <Select
          aria-label="已有专题"
          placeholder="选择要编辑的专题，或直接填写下方新建"
          onChange={(type: string) => {
            const t = topics.data?.find((x) => x.type === type);
            if (t) form.setFieldsValue(t);
          }}
          options={(topics.data ?? []).map((t) => ({ value: t.type, label: `${t.title}（/publicityPage/${t.type}）` }))}
        />
      </Form.Item>
      <Form.Item name="type" label="页面地址（小写字母、数字和连字符）" rules={[{ required: true, pattern: /^[a-z0-9-]{1,40}$/, message: '请填写小写字母、数字或连字符' }]}>
        <Input addonBefore="/publicityPage/" />
      </Form.Item>
      <Form.Item name="title" label="专题名称" rules={[{ required: true, message: '请输入专题名称' }]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="intro" label="专题介绍" rules={[{ required: true, message: '请输入专题介绍' }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      <Form.Item name="tag" label="收录标签（带此标签的新闻和案例出现在专题页）" rules={[{ required: true, message: '请输入标签' }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="banner" label="横幅图片地址（可留空）">
        <Input placeholder="/api/content/images/..." />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        保存专题页
      </Button>
    </Form>
  );
}

/** /admin/content-pages: think-tank experts, learning-base pages, service guides, topic pages and home banners. */
export default function AdminPagesPage() {
  return (
    <Card title="专家与栏目页">
      <Tabs
        items={[
          { key: 'experts', label: '智库专家', children: <ExpertsTab /> },
          { key: 'bases', label: '学习基地', children: <BasesTab /> },
          { key: 'guides', label: '服务指南', children: <GuidesTab /> },
          { key: 'topics', label: '专题页', children: <TopicsTab /> },
          { key: 'banners', label: '首页横幅', children: <BannersTab /> },
        ]}
      />
    </Card>
  );
}
