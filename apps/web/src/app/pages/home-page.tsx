import {
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  CalculatorOutlined,
  CheckCircleFilled,
  CustomerServiceOutlined,
  FileSearchOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  RightOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteName } from '@/features/content/api/use-common-data';
import { useProblems } from '@/features/content/api/use-problems';
import { HomeBanners } from '@/features/content/components/home-banners';
import { HomeNews } from '@/features/content/components/home-news';
import { CourseTagBoard } from '@/features/courses/components/course-tag-board';
import { HotCourses } from '@/features/courses/components/hot-courses';
import { LearningRank } from '@/features/learning/components/learning-rank';
import { useBenefitsModalTrigger } from '@/features/members/lib/benefits-flag';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { useCareMode } from '@/shared/lib/care-mode';
import { helpCenterPath } from '@/shared/config/navigation';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { CARE_HOME_ENTRIES, HOME_AREAS, MEMBER_BENEFITS } from './home-areas';
import './home-page.css';

const AREA_ICONS: Record<string, ReactNode> = {
  train: <ReadOutlined />,
  live: <VideoCameraOutlined />,
  magazine: <BookOutlined />,
  evaluate: <AuditOutlined />,
  studentServe: <CustomerServiceOutlined />,
  expert: <TeamOutlined />,
  quiz: <QuestionCircleOutlined />,
  job: <SolutionOutlined />,
  learnBase: <BankOutlined />,
  tool: <CalculatorOutlined />,
  case: <FileSearchOutlined />,
  news: <NotificationOutlined />,
  centre: <UserOutlined />,
};

function HeroArt() {
  return (
    <svg className="home-hero__art" viewBox="0 0 420 260" aria-hidden="true" focusable="false">
      <rect x="40" y="30" width="300" height="190" rx="14" fill="rgba(255,255,255,0.12)" />
      <rect x="60" y="52" width="120" height="10" rx="5" fill="rgba(255,255,255,0.5)" />
      <rect x="60" y="72" width="80" height="8" rx="4" fill="rgba(255,255,255,0.3)" />
      <rect x="72" y="150" width="26" height="50" rx="4" fill="rgba(255,255,255,0.45)" />
      <rect x="112" y="126" width="26" height="74" rx="4" fill="rgba(255,255,255,0.6)" />
      <rect x="152" y="104" width="26" height="96" rx="4" fill="rgba(255,255,255,0.75)" />
      <rect x="192" y="136" width="26" height="64" rx="4" fill="rgba(255,255,255,0.55)" />
      <rect x="232" y="88" width="26" height="112" rx="4" fill="#ffd666" />
      <path d="M70 136 L125 112 L165 92 L205 118 L262 70 L312 56" fill="none" stroke="#ffd666" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="312" cy="56" r="7" fill="#ffd666" />
      <circle cx="352" cy="190" r="46" fill="rgba(255,255,255,0.14)" />
      <circle cx="352" cy="190" r="30" fill="rgba(255,214,102,0.9)" />
      <text x="352" y="201" textAnchor="middle" fontSize="30" fontWeight="700" fill="#8a5a00">¥</text>
      <rect x="270" y="20" width="120" height="64" rx="10" fill="rgba(255,255,255,0.92)" />
      <rect x="284" y="34" width="60" height="8" rx="4" fill="#9dbdf0" />
      <rect x="284" y="50" width="92" height="8" rx="4" fill="#dbe7fb" />
      <rect x="284" y="64" width="48" height="8" rx="4" fill="#dbe7fb" />
    </svg>
  );
}

/** Placeholder lines while a panel loads (plain CSS: home renders without antd, see its route handle). */
function LoadingLines({ rows }: { rows: number }) {
  return (
    <div className="home-loading" role="status" aria-label="加载中">
      <PlainSkeleton title={false} rows={rows} />
    </div>
  );
}

function HelpTeaser() {
  const { data: groups, isPending, isError } = useProblems();
  const items = (groups ?? []).flatMap((g) => g.problems.slice(0, 2).map((p) => ({ group: g.name, problem: p }))).slice(0, 6);
  return (
    <section className="home-panel" aria-labelledby="home-help-title">
      <header className="home-panel__head">
        <h2 id="home-help-title">常见问题</h2>
        <Link to="/help-center" className="home-panel__more">
          帮助中心 <RightOutlined aria-hidden="true" />
        </Link>
      </header>
      {isPending && <LoadingLines rows={4} />}
      {isError && <p className="home-empty">常见问题暂时无法加载</p>}
      {groups && items.length === 0 && <p className="home-empty">暂无常见问题</p>}
      {items.length > 0 && (
        <ul className="home-help-list">
          {items.map(({ group, problem }) => (
            <li key={problem.id}>
              <Link to={helpCenterPath(group, problem.name)}>
                <span className="home-help-list__tag">{group}</span>
                {problem.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 关怀模式's home: the site's name and its main entries as big tiles, nothing else (no banners, carousels, lists or the
 * membership pop-up), so the services are found at a glance and by large taps.
 */
function CareHome() {
  const siteName = useSiteName();
  return (
    <div className="home care-home">
      <div className="page-container">
        <h1 className="care-home__title">{siteName}</h1>
        <p className="care-home__lead">请选择您要办理的服务</p>
        <ul className="care-home__grid" aria-label="主要服务">
          {CARE_HOME_ENTRIES.map((entry) => (
            <li key={entry.key}>
              <Link to={entry.to} className="care-home-tile" style={{ ['--area-color' as string]: entry.color }}>
                <span className="care-home-tile__icon" aria-hidden="true">
                  {AREA_ICONS[entry.key]}
                </span>
                <span className="care-home-tile__text">
                  <span className="care-home-tile__title">{entry.title}</span>
                  <span className="care-home-tile__desc">{entry.desc}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * Home: hero, hot courses, course tags and the learning-time ranking, the area entries, membership and help teasers;
 * in 关怀模式, the simplified home of big tiles instead.
 * Uses no antd component (its route handle says `antd: false`): the first load of `/` stays under its budget.
 */
export default function HomePage() {
  return useCareMode() ? <CareHome /> : <StandardHome />;
}

function StandardHome() {
  const siteName = useSiteName();
  const loggedIn = useSessionStore((s) => !!s.token);
  useBenefitsModalTrigger();
  return (
    <div className="home">
      <section className="home-hero">
        <div className="page-container home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">财务人才培养 · 终身学习平台</p>
            <h1 className="home-hero__title">{siteName}</h1>
            <p className="home-hero__lead">汇聚财务管理精品课程、专业考试认证、专家财税问答与人才招聘服务，助力每一位财务人持续成长。</p>
            <div className="home-hero__actions">
              <Link to="/train" className="home-btn home-btn--large home-btn--accent">
                开始学习
              </Link>
              <Link to="/payment?type=buyVip" className="home-btn home-btn--large home-btn--ghost">
                开通会员
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <div className="page-container">
        <HomeBanners />
        <HotCourses />

        <div className="home-learning-row">
          <CourseTagBoard />
          <LearningRank loggedIn={loggedIn} />
        </div>

        <section className="home-areas" aria-labelledby="home-areas-title">
          <h2 id="home-areas-title" className="home-section-title">
            平台服务
          </h2>
          <ul className="home-areas__grid">
            {HOME_AREAS.map((area) => (
              <li key={area.key}>
                <Link to={area.to} className="home-area-card" style={{ ['--area-color' as string]: area.color }}>
                  <span className="home-area-card__icon">{AREA_ICONS[area.key]}</span>
                  <span className="home-area-card__title">{area.title}</span>
                  <span className="home-area-card__desc">{area.desc}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <HomeNews />

        <div className="home-row">
          <section className="home-panel home-member" aria-labelledby="home-member-title">
            <header className="home-panel__head">
              <h2 id="home-member-title">会员权益</h2>
            </header>
            <ul className="home-member__list">
              {MEMBER_BENEFITS.map((b) => (
                <li key={b}>
                  <CheckCircleFilled className="home-member__check" /> {b}
                </li>
              ))}
            </ul>
            <Link to="/payment?type=buyVip" className="home-btn home-btn--primary">
              立即开通
            </Link>
          </section>
          <HelpTeaser />
        </div>
      </div>
    </div>
  );
}
