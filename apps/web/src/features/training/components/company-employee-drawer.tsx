import { Drawer, Empty, Progress, Result, Skeleton, Tag } from 'antd';
import { ASSIGNMENT_STATUS_LABELS, type AssignmentStatus } from '@app/contracts/training/training.rules';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { useEmployee } from '../api/company';
import { AssignedCell, CreditStandingCell, SeatCell } from './company-standing';

const STATUS_COLORS: Record<AssignmentStatus, string> = {
  done: 'success',
  learning: 'processing',
  not_started: 'default',
  overdue: 'error',
};

/** 还剩3天, 今天截止, 已逾期2天: how the deadline stands for an unfinished course. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft > 0) return `还剩${daysLeft}天`;
  if (daysLeft === 0) return '今天截止';
  return `已逾期${-daysLeft}天`;
}

/**
 * One employee as the company sees them (详情): seat, this year's credits, each assigned course with its deadline and
 * progress, and the certificates earned while employed. Nothing else of the person (no portrait, no applications).
 */
export function EmployeeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const phone = useIsPhone();
  const detail = useEmployee(id);
  const e = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={phone ? '100%' : 'large'}
      title={e ? `${e.name}的学习情况` : '员工学习情况'}
      closable={{ 'aria-label': '关闭' }}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !e ? (
        <Result status="warning" title={isApiError(detail.error) ? detail.error.message : '员工信息加载失败，请稍后重试'} />
      ) : (
        <>
          <dl className="tr-detail-facts">
            <dt>手机号</dt>
            <dd>{e.phone}</dd>
            <dt>加入时间</dt>
            <dd>{chinaDate(e.joined_at)}</dd>
            <dt>学员卡</dt>
            <dd>
              <SeatCell seat={e.seat} />
            </dd>
            <dt>指派课程</dt>
            <dd>
              <AssignedCell assigned={e.assigned} />
            </dd>
            <dt>{e.credits.year}年学分</dt>
            <dd>
              <CreditStandingCell credits={e.credits} />
            </dd>
          </dl>

          <h3 className="tr-section">指派课程</h3>
          {e.assignments.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指派课程" />
          ) : (
            <ul className="tr-detail-list" aria-label="指派课程">
              {e.assignments.map((a) => (
                <li key={a.id}>
                  <div className="tr-detail-list__title">
                    <span>{a.course_title}</span>
                    <Tag color={STATUS_COLORS[a.status]}>{ASSIGNMENT_STATUS_LABELS[a.status]}</Tag>
                  </div>
                  <Progress percent={a.percent} format={(p) => `${p ?? 0}%`} size="small" status={a.status === 'overdue' ? 'exception' : a.status === 'done' ? 'success' : 'normal'} aria-label={`学习进度${a.percent}%`} />
                  <div className="tr-detail-list__meta">
                    截止日期 {a.deadline}
                    {a.status === 'done'
                      ? a.finished_at && `，${chinaDate(a.finished_at)} 完成`
                      : `，${daysLeftText(a.days_left)}`}
                    {a.plan_name && `，来自学习计划「${a.plan_name}」`}
                  </div>
                </li>
              ))}
            </ul>
          )}

          <h3 className="tr-section">在职期间取得的证书</h3>
          {e.certificates.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无证书" />
          ) : (
            <ul className="tr-detail-list" aria-label="证书">
              {e.certificates.map((c) => (
                <li key={c.number}>
                  <div className="tr-detail-list__title">
                    <span>{c.title}</span>
                    <Tag>{c.kind === 'cpe' ? '学时证明' : '考试证书'}</Tag>
                  </div>
                  <div className="tr-detail-list__meta">
                    编号 {c.number}，{chinaDate(c.issued_at)} 颁发
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Drawer>
  );
}
