import { StarFilled, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Skeleton } from 'antd';
import { MEMBER_POINTS } from '@app/contracts/common/constants';
import { STAR_LEVELS, dictLabel } from '@app/contracts/common/dictionaries';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { useJobWantedAction } from './use-job-wanted-action';
import { StoredImg } from '@/shared/ui/stored-img';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="centre-banner__stat">
      <div className="centre-banner__stat-value">{value}</div>
      <div className="centre-banner__stat-label">{label}</div>
    </div>
  );
}

/** Centre banner (SPEC §2): avatar, nickname, user ID, star level, learn time, finished courses, points, 求职意向. */
export function CentreBanner() {
  const user = useSessionStore((s) => s.user);
  const onJobWanted = useJobWantedAction();

  if (!user) {
    return (
      <section className="centre-banner" aria-busy="true">
        <div className="page-container centre-banner__inner">
          <Skeleton avatar active paragraph={{ rows: 1 }} />
        </div>
      </section>
    );
  }

  const star = dictLabel(STAR_LEVELS, user.star_id);
  return (
    <section className="centre-banner" aria-label="个人概况">
      <div className="page-container centre-banner__inner">
        <div className="centre-banner__profile">
          <Avatar size={72} src={user.avatar ? <StoredImg src={user.avatar} sizes="72px" alt="头像" /> : undefined} icon={<UserOutlined aria-hidden="true" />} alt="头像" className="centre-banner__avatar" />
          <div>
            <div className="centre-banner__name">
              {user.nickname?.trim() || user.phone}
              {user.is_member && <span className="centre-banner__vip">会员</span>}
            </div>
            <div className="centre-banner__id">用户ID：{user.id}</div>
            <div className="centre-banner__star" aria-label={`星级：${star ?? '暂无星级'}`}>
              星级：
              {star ? (
                <>
                  {Array.from({ length: user.star_id }, (_, i) => (
                    <StarFilled key={i} className="centre-banner__star-icon" />
                  ))}
                  <span className="centre-banner__star-text">{star}</span>
                </>
              ) : (
                <span className="centre-banner__star-text">暂无星级</span>
              )}
            </div>
          </div>
        </div>
        <div className="centre-banner__stats">
          <Stat label="累计学习时长" value={formatLearnDuration(user.total_learn_time)} />
          <Stat label="已完成课程" value={user.finish_course_num} />
          {/* SPEC §2: a member has 298 points, anyone else none, which is the number 0. */}
          <Stat label="积分" value={user.is_member ? MEMBER_POINTS : 0} />
        </div>
        <Button type="primary" size="large" ghost className="centre-banner__job" onClick={onJobWanted}>
          求职意向
        </Button>
      </div>
    </section>
  );
}
