import { EditOutlined, EyeInvisibleOutlined, EyeOutlined, StarFilled, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Empty, Tag, Timeline } from 'antd';
import { lazy, Suspense } from 'react';
import type { PersonalInfo, UserApplyJob } from '@app/contracts';
import {
  GENDERS,
  POLITICAL_STATUSES,
  POSITION_LEVELS,
  SALARY_BANDS,
  STAR_LEVELS,
  UNIT_SIZES,
  dictLabel,
} from '@app/contracts/common/dictionaries';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { EDU_DEGREES, RADAR_DIMENSIONS, splitCitys, splitList } from '@app/contracts/talent/talent.rules';
import { useServerRender } from '@/shared/lib/server-render';
import { StoredImg } from '@/shared/ui/stored-img';

const TalentRadar = lazy(() => import('./talent-radar').then((m) => ({ default: m.TalentRadar })));

export function displayName(info: PersonalInfo): string {
  const u = info.user_info;
  return u.real_name?.trim() || info.user_apply_job?.name || u.nickname?.trim() || u.phone;
}

export function StarMark({ level }: { level: number }) {
  const label = dictLabel(STAR_LEVELS, level);
  if (!label) return <span className="portrait-star portrait-star--none">暂无星级</span>;
  return (
    <span className="portrait-star" aria-label={`星级：${label}`}>
      {Array.from({ length: level }, (_, i) => (
        <StarFilled key={i} />
      ))}
      <span className="portrait-star__text">{label}</span>
    </span>
  );
}

/** Job intention in one block: regions, positions, industries, salary. */
export function JobIntentionSummary({ job }: { job: UserApplyJob | null }) {
  if (!job) return <div className="portrait-summary__empty">尚未发布求职意向</div>;
  const cities = splitCitys(job.citys).map(([p, c]) => (c && c !== p ? `${p}·${c}` : p));
  return (
    <dl className="portrait-intent">
      <div>
        <dt>期望地区</dt>
        <dd>{cities.join('、') || '—'}</dd>
      </div>
      <div>
        <dt>期望职位</dt>
        <dd>{splitList(job.positions).join('、') || '—'}</dd>
      </div>
      <div>
        <dt>期望行业</dt>
        <dd>{splitList(job.industries).join('、') || '—'}</dd>
      </div>
      <div>
        <dt>薪资要求</dt>
        <dd>{SALARY_BANDS[job.salary] ?? '—'}</dd>
      </div>
    </dl>
  );
}

/** Summary card: avatar, name, star, public state and job intention. `onEditJob` shows the 编辑求职意向 button. */
export function PortraitSummary({ info, onEditJob }: { info: PersonalInfo; onEditJob?: () => void }) {
  const u = info.user_info;
  const isPublic = u.show_personal_info;
  return (
    <Card className="talent-card portrait-summary">
      <div className="portrait-summary__head">
        <Avatar size={80} src={u.avatar ? <StoredImg src={u.avatar} sizes="80px" alt="头像" /> : undefined} icon={<UserOutlined />} alt="头像" />
        <div className="portrait-summary__who">
          <h2 className="portrait-summary__name">{displayName(info)}</h2>
          <StarMark level={u.star_id} />
          <div className="portrait-summary__tags">
            {isPublic ? (
              <Tag icon={<EyeOutlined />} color="green">
                人才画像已公开
              </Tag>
            ) : (
              <Tag icon={<EyeInvisibleOutlined />}>人才画像未公开</Tag>
            )}
            {u.is_member && <Tag color="gold">会员</Tag>}
          </div>
        </div>
        <div className="portrait-summary__figures">
          <div>
            <strong>{formatLearnDuration(u.total_learn_time)}</strong>
            <span>累计学习时长</span>
          </div>
          <div>
            <strong>{u.finish_course_num}</strong>
            <span>已完成课程</span>
          </div>
        </div>
      </div>
      <div className="portrait-summary__job">
        <div className="portrait-summary__job-head">
          <h3>求职意向</h3>
          {onEditJob && (
            <Button type="primary" ghost size="small" icon={<EditOutlined />} onClick={onEditJob}>
              编辑求职意向
            </Button>
          )}
        </div>
        <JobIntentionSummary job={info.user_apply_job} />
      </div>
    </Card>
  );
}

export function RadarCard({ info }: { info: PersonalInfo }) {
  const scores = RADAR_DIMENSIONS.map((d) => ({ name: d.label, value: info.radar[d.key] }));
  // The server's render and the hydration pass draw the placeholder: a lazy chart there cannot finish on the server
  // and React would give up on the boundary (error 419); the chart comes with the client's own render.
  const serverRender = useServerRender();
  const placeholder = <div className="portrait-radar__placeholder" />;
  return (
    <Card className="talent-card portrait-radar" title={<h3 className="talent-card__title">能力雷达</h3>}>
      {serverRender ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <TalentRadar scores={scores} height={300} />
        </Suspense>
      )}
    </Card>
  );
}

/** Education and work on one timeline, newest first. */
export function CareerTimeline({ info }: { info: PersonalInfo }) {
  const items = [
    ...info.customer_edus.map((e) => ({
      key: `e${e.id}`,
      start: e.start_date,
      color: 'blue',
      text: `${e.start_date} 至 ${e.end_date ?? '在读'}`,
      title: `${e.school} · ${e.major}`,
      sub: dictLabel(EDU_DEGREES, e.degree) ?? '',
      kind: '教育',
    })),
    ...info.customer_jobs.map((j) => ({
      key: `j${j.id}`,
      start: j.start_date,
      color: 'green',
      text: `${j.start_date} 至 ${j.end_date ?? '至今'}`,
      title: `${j.company} · ${j.position}`,
      sub: dictLabel(POSITION_LEVELS, j.position_level) ?? '',
      kind: '工作',
    })),
  ].sort((a, b) => b.start.localeCompare(a.start));
  return (
    <Card
      className="talent-card portrait-timeline"
      title={<h3 className="talent-card__title">教育与工作经历</h3>}
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无教育与工作经历" />
      ) : (
        <Timeline
          items={items.map((i) => ({
            key: i.key,
            color: i.color,
            content: (
              <div className="portrait-timeline__item">
                <div className="portrait-timeline__when">
                  <Tag color={i.color}>{i.kind}</Tag>
                  {i.text}
                </div>
                <div className="portrait-timeline__title">{i.title}</div>
                {i.sub && <div className="portrait-timeline__sub">{i.sub}</div>}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/** Personal info with the SPEC §3 dictionaries. Public portraits get masked phone and ID from the server. */
export function PersonalInfoCard({ info, extra }: { info: PersonalInfo; extra?: React.ReactNode }) {
  const u = info.user_info;
  const dash = (v: string | null | undefined) => v || '—';
  return (
    <Card className="talent-card" title={<h3 className="talent-card__title">个人信息</h3>} extra={extra}>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" className="portrait-info">
        <Descriptions.Item label="姓名">{dash(u.real_name)}</Descriptions.Item>
        <Descriptions.Item label="性别">
          {dash(u.gender === null ? null : dictLabel(GENDERS, u.gender))}
        </Descriptions.Item>
        <Descriptions.Item label="出生日期">{dash(u.birthday)}</Descriptions.Item>
        <Descriptions.Item label="政治面貌">
          {dash(u.political_status === null ? null : dictLabel(POLITICAL_STATUSES, u.political_status))}
        </Descriptions.Item>
        <Descriptions.Item label="工作单位">{dash(u.work_unit)}</Descriptions.Item>
        <Descriptions.Item label="单位规模">
          {dash(u.unit_size === null ? null : dictLabel(UNIT_SIZES, u.unit_size))}
        </Descriptions.Item>
        <Descriptions.Item label="职位层级">
          {dash(u.position_level === null ? null : dictLabel(POSITION_LEVELS, u.position_level))}
        </Descriptions.Item>
        <Descriptions.Item label="联系电话">{dash(u.phone)}</Descriptions.Item>
        <Descriptions.Item label="身份证号">{dash(u.id_number)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
