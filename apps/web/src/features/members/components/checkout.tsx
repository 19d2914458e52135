import { CheckCircleFilled } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CreateOrderBody, MemberPlan } from '@app/contracts';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { chinaDate } from '@/shared/lib/china-time';
import { membersApi } from '../api/members-api';
import { useCourseForSale, useMemberPlans } from '../api/use-members';
import { courseDetailPath, payOrderPath } from '../lib/member-paths';
import { yuan } from '../lib/money';
import { MemberCourseList } from './member-course-list';
import { StoredImg } from '@/shared/ui/stored-img';

/**
 * 立即支付: creates the order (the server prices it; no amount is sent) and moves to the order's pay step.
 * A visitor goes to the login page first and comes back here.
 */
function usePlaceOrder() {
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const mutation = useMutation({
    mutationFn: (body: CreateOrderBody) => membersApi.createOrder(body),
    onSuccess: (order) => navigate(payOrderPath(order.order_no)),
  });
  return {
    pending: mutation.isPending,
    place(body: CreateOrderBody) {
      if (!token) {
        navigate(loginPathWithRedirect(`${location.pathname}${location.search}`));
        return;
      }
      mutation.mutate(body);
    },
  };
}

function BenefitList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="pay-benefits__list">
      <h3>{title}</h3>
      <ul>
        {items.map((b) => (
          <li key={b}>
            <CheckCircleFilled className="pay-benefits__check" aria-hidden="true" /> {b}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /payment?type=buyVip: membership plans with both benefit lists, then 立即支付. */
export function VipCheckout() {
  const plans = useMemberPlans();
  const user = useSessionStore((s) => s.user);
  const [chosen, setChosen] = useState<number | null>(null);
  const order = usePlaceOrder();

  if (plans.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (plans.isError) return <Result status="warning" title="会员套餐暂时无法加载" subTitle="请稍后刷新重试" />;
  if (plans.data.length === 0) return <Empty description="暂无可购买的会员套餐" />;

  const plan: MemberPlan = plans.data.find((p) => p.id === chosen) ?? plans.data[0]!;
  return (
    <div className="checkout">
      {user?.is_member && user.member_end_at && (
        <Alert
          type="info"
          showIcon
          className="checkout__notice"
          title={`您已是会员，有效期至 ${chinaDate(user.member_end_at)}；续费后有效期顺延。`}
        />
      )}
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className="checkout__title">
          选择会员套餐
        </h2>
        <div className="plan-grid" role="radiogroup" aria-label="会员套餐">
          {plans.data.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={p.id === plan.id}
              className={p.id === plan.id ? 'plan-card is-active' : 'plan-card'}
              onClick={() => setChosen(p.id)}
            >
              <span className="plan-card__name">{p.name}</span>
              <span className="plan-card__price">
                <small>¥</small>
                {(p.price / 100).toFixed(p.price % 100 === 0 ? 0 : 2)}
              </span>
              <span className="plan-card__desc">{p.description}</span>
              <span className="plan-card__period">有效期{p.period_days}天</span>
            </button>
          ))}
        </div>
      </section>

      <section className="pay-benefits" aria-label="会员权益">
        <BenefitList title="学习与服务权益" items={plan.benefits_primary} />
        <BenefitList title="职业发展权益" items={plan.benefits_secondary} />
      </section>

      <div className="checkout__bar">
        <span className="checkout__sum">
          应付金额：<strong>{yuan(plan.price)}</strong>
        </span>
        <Button
          type="primary"
          size="large"
          loading={order.pending}
          onClick={() => order.place({ product_type: 'member', product_id: plan.id })}
        >
          立即支付
        </Button>
      </div>

      <MemberCourseList title="开通会员即可学习" />
    </div>
  );
}

/** /payment?type=buyCourse&courseId=: the course with its price (members pay the member price), then 立即支付. */
export function CourseCheckout({ courseId }: { courseId: number }) {
  const course = useCourseForSale(courseId);
  const isMember = useSessionStore((s) => !!s.user?.is_member);
  const order = usePlaceOrder();

  if (!courseId) return <Result status="404" title="课程不存在或已下架" extra={<Link to="/train">返回课程中心</Link>} />;
  if (course.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (course.isError) return <Result status="404" title="课程不存在或已下架" extra={<Link to="/train">返回课程中心</Link>} />;

  const c = course.data;
  if (c.price_type !== 'paid')
    return (
      <Result
        status="info"
        title="该课程无需购买"
        subTitle={c.price_type === 'member' ? '该课程为会员专享，开通会员即可学习。' : '该课程为免费课程，登录后即可学习。'}
        extra={<Link to={courseDetailPath(c.id)}>返回课程</Link>}
      />
    );
  if (c.mine?.has_access)
    return (
      <Result
        status="success"
        title="您已拥有该课程"
        extra={
          <Link to={courseDetailPath(c.id)}>
            <Button type="primary">去学习</Button>
          </Link>
        }
      />
    );

  const memberPrice = c.member_price ?? c.price;
  const pay = isMember ? memberPrice : c.price;
  return (
    <div className="checkout">
      <h2 className="checkout__title">确认订单</h2>
      <div className="course-item">
        <StoredImg className="course-item__cover" src={c.cover} sizes="160px" alt={`${c.title}封面`} />
        <div className="course-item__info">
          <Link to={courseDetailPath(c.id)} className="course-item__title">
            {c.title}
          </Link>
          <p className="course-item__meta">
            {c.teacher_name} {c.teacher_title} · {c.lesson_count}课时
          </p>
          <p className="course-item__price">
            {isMember && memberPrice < c.price ? (
              <>
                <span className="course-item__now">会员价 {yuan(memberPrice)}</span>
                <del>{yuan(c.price)}</del>
              </>
            ) : (
              <>
                <span className="course-item__now">{yuan(c.price)}</span>
                {memberPrice < c.price && <span className="course-item__hint">会员价 {yuan(memberPrice)}</span>}
              </>
            )}
          </p>
        </div>
      </div>
      <div className="checkout__bar">
        <span className="checkout__sum">
          应付金额：<strong>{yuan(pay)}</strong>
        </span>
        <Button type="primary" size="large" loading={order.pending} onClick={() => order.place({ product_type: 'course', product_id: c.id })}>
          立即支付
        </Button>
      </div>
    </div>
  );
}
