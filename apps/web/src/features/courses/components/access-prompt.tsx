import { useNavigate } from 'react-router';
import type { CourseCard } from '@app/contracts';
import { formatYuan } from '../lib/course-badge';
import { PlainButton } from '@/shared/ui/plain-button';
import './access-prompt.css';

export const BUY_VIP_PATH = '/payment?type=buyVip';

/** Course purchase lives with the membership area's payment page; the course id tells it what to sell. */
export function buyCoursePath(courseId: number): string {
  return `/payment?type=buyCourse&courseId=${courseId}`;
}

/**
 * Shown instead of a lesson the learner may not watch (members-only or paid). The API's '请购买学员卡' answer is
 * silent (SPEC §8), so this is the only thing the learner sees.
 */
export function AccessPrompt({
  course,
  compact = false,
}: {
  course: Pick<CourseCard, 'id' | 'price_type' | 'price' | 'title'>;
  compact?: boolean;
}) {
  const paid = course.price_type === 'paid';
  const navigate = useNavigate();
  return (
    <div className={`access-prompt${compact ? ' access-prompt--compact' : ''}`} role="note">
      <div className="access-prompt__text">
        <strong>{paid ? '本课程为付费课程' : '本课程为会员专享课程'}</strong>
        <span>
          {paid
            ? `购买课程（¥${formatYuan(course.price)}）后即可学习全部课时，试看课时可免费观看。`
            : '开通会员即可学习全部课时，另享直播课、专家答疑等权益。'}
        </span>
      </div>
      <div className="access-prompt__actions">
        {paid && (
          <PlainButton variant="danger" size="middle" onClick={() => navigate(buyCoursePath(course.id))}>
            购买课程
          </PlainButton>
        )}
        <PlainButton
          variant={paid ? 'default' : 'primary'}
          size="middle"
          onClick={() => navigate(BUY_VIP_PATH)}
        >
          开通会员
        </PlainButton>
      </div>
    </div>
  );
}
