import type { CourseCard } from '@app/contracts';

export interface CourseBadge {
  kind: CourseCard['price_type'];
  label: string;
}

/** Price in fen as yuan: 9900 -> "99", 9950 -> "99.50". */
export function formatYuan(fen: number): string {
  const yuan = fen / 100;
  return Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2);
}

/** Badge on a course card: 免费, 会员, or the price of a paid course. */
export function courseBadge(course: Pick<CourseCard, 'price_type' | 'price'>): CourseBadge {
  switch (course.price_type) {
    case 'free':
      return { kind: 'free', label: '免费' };
    case 'member':
      return { kind: 'member', label: '会员' };
    case 'paid':
      return { kind: 'paid', label: `¥${formatYuan(course.price)}` };
  }
}

/** "1.2万" style count for learners and likes. */
export function formatCount(n: number): string {
  return n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(n);
}
