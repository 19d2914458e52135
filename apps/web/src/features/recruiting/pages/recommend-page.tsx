import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { TalentCard } from '@app/contracts';
import { MATCH_WEIGHTS } from '@app/contracts/recruiting/recruiting.rules';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { ReasonTags, TalentCardView } from '../components/cards';
import { PostCard } from '../components/post-cards';
import { PoolModal } from '../components/pool-modal';
import '../components/recruiting.css';

const RULE = `匹配度 = 城市相同 ${MATCH_WEIGHTS.city} 分（同省 ${MATCH_WEIGHTS.province} 分）+ 职位相同 ${MATCH_WEIGHTS.position} 分 + 薪资相符 ${MATCH_WEIGHTS.salary} 分；同分时按星级、学习时长排序。`;

function Recommendations() {
  const rec = useQuery({ queryKey: recruitingKeys.recommend, queryFn: recruitingApi.recommend });
  const [saving, setSaving] = useState<TalentCard | null>(null);
  if (rec.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (rec.isError) return <Empty description="推荐加载失败" />;
  const d = rec.data;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          d.role === 'company'
            ? `根据您招聘中的职位推荐公开画像的人才。${RULE}`
            : `根据您的求职意向推荐招聘中的职位。${RULE.replace('；同分时按星级、学习时长排序', '；同分时按发布时间排序')}`
        }
      />
      {d.hint && (
        <Result
          status="info"
          title={d.hint}
          extra={
            d.role === 'company' ? (
              <Link to="/center/recruitment">
                <Button type="primary">管理职位</Button>
              </Link>
            ) : (
              <Link to="/center/talentPortrayal">
                <Button type="primary">填写求职意向</Button>
              </Link>
            )
          }
        />
      )}
      {d.role === 'company' ? (
        <div className="rc-talent-grid">
          {d.talents.map((t) => (
            <TalentCardView
              key={t.user_id}
              talent={t}
              onSave={() => setSaving(t)}
              extra={
                <>
                  <div className="rc-muted" style={{ marginTop: 6 }}>
                    匹配职位：{t.post.title}
                  </div>
                  <ReasonTags reason={t.reason} />
                </>
              }
            />
          ))}
        </div>
      ) : (
        d.posts.map((p) => <PostCard key={p.id} post={p} extra={<ReasonTags reason={p.reason} />} />)
      )}
      {saving && (
        <PoolModal
          userId={saving.user_id}
          name={saving.name}
          source="recommend"
          onClose={() => setSaving(null)}
        />
      )}
    </>
  );
}

/** /recommend: people for a company, posts for a person, each with why it matched. */
export default function RecommendPage() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  return (
    <div className="page-container rc-page">
      <h1 className="rc-page__title">人才推荐</h1>
      {token ? (
        <Recommendations />
      ) : (
        <Result
          status="403"
          title="登录后查看推荐"
          subTitle="企业账号看到与职位匹配的人才，个人账号看到与求职意向匹配的职位。"
          extra={
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
              <Button type="primary">登录</Button>
            </Link>
          }
        />
      )}
    </div>
  );
}
