import { App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { COOPERATION_TYPES, contentMessages as m } from '@app/contracts/content/content.rules';
import { PHONE_REGEX, ruleMessages } from '@app/contracts/common/rule-patterns';
import type { LeadInput } from '@app/contracts/content/articles.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { useServerRender } from '@/shared/lib/server-render';
import { articlesApi } from '../api/articles-api';
import '../components/content.css';

const OFFERS: { title: string; text: string; link?: { to: string; label: string } }[] = [
  { title: '企业内训', text: '按企业需要定制财税、内控和管理会计课程，由智库专家和资深讲师上门或线上授课。' },
  { title: '院校合作', text: '与高校共建实务课程和实训基地，组织企业专家进课堂，为学生提供学习证明。' },
  {
    title: '学习基地共建',
    text: '与地方机构共建地区学习基地，共享平台课程、师资和测评体系。',
    link: { to: '/learnBase/apply', label: '申请成为学习基地负责人' },
  },
  { title: '课程共建', text: '邀请行业机构和专家共同开发课程，在平台上线并按约定分成。' },
  { title: '人才推荐', text: '依托人才库和星级评价，为用人单位推荐经过评价的财会人才。' },
];

/** /projectCooperate: the association's cooperation offers and a lead form that staff follow up. */
export default function ProjectCooperatePage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<LeadInput>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const server = useServerRender();

  const submit = async (values: LeadInput) => {
    setBusy(true);
    try {
      const res = await articlesApi.sendLead(values);
      message.success(res.message);
      form.resetFields();
      setSent(true);
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) {
        form.setFields(Object.entries(err.fieldErrors).map(([name, e]) => ({ name: name as keyof LeadInput, errors: [e] })));
      }
      message.error(isApiError(err) ? err.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-container cms-page">
      <section className="cms-banner">
        <h1>项目合作</h1>
        <p>欢迎企业、院校和地方机构与协会开展合作，共同培养和服务财会人才。</p>
      </section>
      <div className="cms-detail">
        <div className="cms-grid">
          {OFFERS.map((o) => (
            <section key={o.title} className="cms-card">
              <h2>{o.title}</h2>
              <p>{o.text}</p>
              {o.link && (
                <Link className="cms-btn cms-btn--primary" to={o.link.to}>
                  {o.link.label}
                </Link>
              )}
            </section>
          ))}
        </div>
        <aside className="cms-side" aria-label="合作意向">
          <h2>提交合作意向</h2>
          {sent && <p role="status">{m.leadSent}</p>}
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={server} initialValues={{ cooperation_type: '企业内训' }}>
            <Form.Item name="organisation" label="单位名称" rules={[{ required: true, whitespace: true, message: m.leadOrgRequired }]}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="contact" label="联系人" rules={[{ required: true, whitespace: true, message: m.leadContactRequired }]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item
              name="phone"
              label="手机号"
              rules={[
                { required: true, message: '请输入手机号' },
                { pattern: PHONE_REGEX, message: ruleMessages.phoneInvalid },
              ]}
            >
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="cooperation_type" label="合作方向">
              <Select options={COOPERATION_TYPES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item name="need" label="合作需求" rules={[{ required: true, whitespace: true, message: m.leadNeedRequired }]}>
              <Input.TextArea rows={4} maxLength={1000} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block>
              提交
            </Button>
          </Form>
        </aside>
      </div>
    </div>
  );
}
