import { Button, Skeleton, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BaseManagerStatus } from '@app/contracts/regions/regions.rules';
import type { BaseManagerApplication } from '@app/contracts/regions/regions.schemas';
import { chinaDateTime } from '@/shared/lib/china-time';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { regionCodeFromHostname, useHostname } from '@/shared/lib/region';
import { useServerRender } from '@/shared/lib/server-render';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { regionsKeys, useMyApplications } from '../api/regions-api';
import { BaseManagerForm } from '../components/base-manager-form';
import { knownBase } from '../lib/bases';
import '../components/regions.css';

const STATUS_COLORS: Record<BaseManagerStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

function MyApplication({ a }: { a: BaseManagerApplication }) {
  return (
    <li className="rg-mine__item">
      <div className="rg-mine__head">
        <strong>{a.base_name}</strong>
        <Tag color={STATUS_COLORS[a.status]}>{a.status_label}</Tag>
      </div>
      <div className="rg-mine__org">{a.organisation}</div>
      <div className="rg-mine__meta">
        提交于 {chinaDateTime(a.created_at)}
        {a.reviewed_at && <> · 审核于 {chinaDateTime(a.reviewed_at)}</>}
      </div>
      {a.review_reason && (
        <p className="rg-mine__reason">
          {a.status === 'rejected' ? '未通过原因' : '审核说明'}：{a.review_reason}
        </p>
      )}
      {a.status === 'pending' && (
        <p className="rg-mine__hint">
          审核结果将通过<Link to="/center/message">消息中心</Link>通知您。
        </p>
      )}
    </li>
  );
}

/**
 * /learnBase/apply: the application to run a regional learning base (学习基地负责人申请), reached from /learnBase and
 * /projectCooperate. A visitor reads what it is and is sent to sign in (staff answer through the message centre); a
 * signed-in member fills the form and sees the state of every application sent.
 */
export default function BaseManagerApplyPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const server = useServerRender();
  const token = useSessionStore((s) => s.token);
  const phone = useSessionStore((s) => s.user?.phone);
  const host = useHostname();
  const mine = useMyApplications(token);
  const initialBase = knownBase(params.get('base')) ?? regionCodeFromHostname(host) ?? undefined;
  const pendingBases = useMemo(
    () => new Set((mine.data ?? []).filter((a) => a.status === 'pending').map((a) => a.region)),
    [mine.data],
  );
  const selfPath = `${location.pathname}${location.search}`;

  return (
    <div className="page-container rg-page">
      <section className="rg-banner">
        <h1>学习基地负责人申请</h1>
        <p>
          协会在河南、河北、吉林、贵州、宁波、广西设有六个地区学习基地。欢迎具备财会培训条件的院校、培训机构和企业申请承担基地的线下教学组织、学员服务与考务工作，协会提供平台课程、师资和测评体系。
        </p>
      </section>
      <div className="rg-layout">
        <aside className="rg-card rg-layout__side" aria-labelledby="rg-mine-title">
          <h2 id="rg-mine-title">我的申请</h2>
          {!token ? (
            <p className="rg-muted">登录后可在这里查看申请的审核进度。</p>
          ) : mine.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : mine.data && mine.data.length > 0 ? (
            <ul className="rg-mine">
              {mine.data.map((a) => (
                <MyApplication key={a.id} a={a} />
              ))}
            </ul>
          ) : (
            <p className="rg-muted">您还没有提交过申请。</p>
          )}
          <h3>申请须知</h3>
          <ol className="rg-steps">
            <li>每个学习基地同一时间只能有一份待审核的申请。</li>
            <li>工作人员将在5个工作日内完成审核，结果发送到个人中心的消息中心。</li>
            <li>审核通过后，协会将与联系人商定共建协议与后续安排。</li>
          </ol>
        </aside>
        <section className="rg-card rg-layout__main" aria-labelledby="rg-form-title">
          <h2 id="rg-form-title">填写申请</h2>
          {token ? (
            <BaseManagerForm
              // The account's phone arrives after the first render: the form takes it as its first value then.
              key={phone ?? ''}
              initialBase={initialBase}
              initialPhone={phone}
              pendingBases={pendingBases}
              disabled={server}
              onSubmitted={() => void queryClient.invalidateQueries({ queryKey: regionsKeys.all })}
            />
          ) : (
            <div className="rg-signin">
              <p>申请需要登录本人账号：审核结果会发送到您的消息中心，工作人员也会通过您留下的电话联系您。</p>
              <div className="rg-signin__actions">
                <Button type="primary" size="large" onClick={() => void navigate(loginPathWithRedirect(selfPath))}>
                  登录后申请
                </Button>
                <Link to={`/login?mode=register&redirect=${encodeURIComponent(selfPath)}`}>没有账号？免费注册</Link>
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
