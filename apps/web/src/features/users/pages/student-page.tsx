import type { ReactNode } from 'react';
import { Badge, Button, Card, Empty, Skeleton, Tag } from 'antd';
import {
  BarChartOutlined,
  EditOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  PlayCircleOutlined,
  RightOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { chinaDate, chinaDateTime, chinaTime } from '@/shared/lib/china-time';
import { useRecentMessages } from '../api/use-recent-messages';
import './student-page.css';

const QUICK_LINKS = [
  { to: '/center/lesson', label: '我的课程', desc: '继续学习已加入的课程', icon: <PlayCircleOutlined /> },
  { to: '/center/note', label: '我的笔记', desc: '回顾学习中记录的笔记', icon: <EditOutlined /> },
  // Personal accounts have no 订单与发票 menu entry (SPEC §2 menu); this is their way to orders and invoices.
  { to: '/center/order', label: '订单与发票', desc: '会员与课程订单、申请发票', icon: <ShoppingOutlined /> },
  // SPEC §2 fixes the side menu, so the reports of the risk check (智能工具) are reached from here and from the tool.
  { to: '/center/riskReports', label: '风险检测报告', desc: '企业财务风险检测的报告', icon: <FileSearchOutlined /> },
  { to: '/center/setting', label: '账号设置', desc: '个人信息、密码与手机号', icon: <SettingOutlined /> },
] as const;

/** A company account's start: its employees' training and its orders (it has no courses or notes). */
const COMPANY_LINKS = [
  { to: '/center/training', label: '培训概览', desc: '员工学习进度与本年学分', icon: <BarChartOutlined /> },
  { to: '/center/training/employees', label: '员工管理', desc: '邀请员工加入本单位', icon: <TeamOutlined /> },
  { to: '/center/training/seats', label: '学员卡', desc: '购买并分配给员工', icon: <IdcardOutlined /> },
  { to: '/center/training/assignments', label: '课程指派', desc: '指派课程并设截止日期', icon: <ScheduleOutlined /> },
  { to: '/center/order', label: '订单与发票', desc: '学员卡订单、申请发票', icon: <ShoppingOutlined /> },
] as const;

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

function RecentMessages() {
  const messages = useRecentMessages();
  let body;
  if (messages.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (messages.isError) body = <Empty description="消息加载失败" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else if (messages.data.list.length === 0)
    body = <Empty description="暂无消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else
    body = (
      <ul className="student-dash__messages">
        {messages.data.list.map((m) => (
          <li key={m.id} className="student-dash__message">
            <Link to="/center/message" className="student-dash__message-title">
              {!m.is_read && <Badge status="processing" className="student-dash__dot" />}
              <span className={m.is_read ? 'is-read' : undefined}>{m.title}</span>
            </Link>
            <time dateTime={m.created_at}>{chinaDateTime(m.created_at)}</time>
          </li>
        ))}
      </ul>
    );

  return (
    <Card
      className="student-dash__card"
      title={
        <span>
          最近消息
          {messages.data && messages.data.unread > 0 && (
            <Tag color="red" className="student-dash__unread">
              {messages.data.unread}条未读
            </Tag>
          )}
        </span>
      }
      extra={
        <Link to="/center/message">
          查看全部 <RightOutlined />
        </Link>
      }
    >
      {body}
    </Card>
  );
}

/**
 * /center/student: the personal dashboard (welcome, quick links, recent messages). `extra` is drawn under the
 * welcome: other areas' summaries, composed in app/ (this year's continuing-education credits). A company account
 * lands here too (the centre's start for both roles): it gets its own links and no learner's invitation to study
 * or to buy membership.
 */
export default function StudentPage({ extra }: { extra?: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  const name = user ? user.nickname?.trim() || user.phone : '';
  const company = user?.role === 'company';
  const links = company ? COMPANY_LINKS : QUICK_LINKS;

  return (
    <div className="student-dash">
      <Card className="student-dash__card student-dash__welcome">
        {user ? (
          <>
            <h2 className="student-dash__hello">
              {greeting(Number(chinaTime(new Date()).slice(0, 2)))}，{name}
            </h2>
            <p className="student-dash__sub">
              {company
                ? '欢迎回来，在这里管理企业招聘和员工培训。'
                : user.is_member && user.member_end_at
                  ? `会员有效期至 ${chinaDate(user.member_end_at)}，祝您学习愉快。`
                  : '欢迎来到学员中心，开始今天的学习吧。'}
            </p>
            {!company && !user.is_member && (
              <Link to="/payment?type=buyVip">
                <Button type="primary" ghost size="small">
                  开通会员
                </Button>
              </Link>
            )}
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Card>
      {extra}

      <nav className="student-dash__links" aria-label="快捷入口">
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="student-dash__link">
            <span className="student-dash__link-icon" aria-hidden="true">
              {l.icon}
            </span>
            <span className="student-dash__link-text">
              <strong>{l.label}</strong>
              <small>{l.desc}</small>
            </span>
          </Link>
        ))}
      </nav>

      <RecentMessages />
    </div>
  );
}
