import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeCourse } from '../testing/course-fixtures';
import { CourseCard } from './course-card';

function renderCard(overrides: Parameters<typeof makeCourse>[0]) {
  return render(
    <MemoryRouter>
      <CourseCard course={makeCourse(overrides)} />
    </MemoryRouter>,
  );
}

describe('course card', () => {
  it('marks a free course 免费', () => {
    renderCard({ price_type: 'free' });
    expect(screen.getByText('免费')).toHaveClass('course-badge--free');
  });

  it('marks a members-only course 会员', () => {
    renderCard({ price_type: 'member' });
    expect(screen.getByText('会员')).toHaveClass('course-badge--member');
  });

  it('shows the price of a paid course in yuan (prices are in fen)', () => {
    renderCard({ price_type: 'paid', price: 19900 });
    expect(screen.getByText('¥199')).toHaveClass('course-badge--paid');
    renderCard({ id: 12, price_type: 'paid', price: 4950 });
    expect(screen.getByText('¥49.50')).toBeInTheDocument();
  });

  it('shows title, teacher, lesson and learner counts and links to the course page', () => {
    renderCard({ id: 11, learner_count: 12_800, lesson_count: 6 });
    expect(screen.getByRole('heading', { name: '全面预算管理实务' })).toBeInTheDocument();
    expect(screen.getByText('李明')).toBeInTheDocument();
    expect(screen.getByText('6课时')).toBeInTheDocument();
    expect(screen.getByText('1.3万人学习')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '全面预算管理实务' })).toHaveAttribute('href', '/train/detail/11');
  });

  it('links an outer-link course to its outer-link page and says it is studied on the partner platform', () => {
    renderCard({ id: 15, kind: 'outer_link', lesson_count: 0 });
    expect(screen.getByRole('link')).toHaveAttribute('href', '/train/outerlink/15');
    expect(screen.getByText('外部课程')).toBeInTheDocument();
    expect(screen.getByText('合作平台学习')).toBeInTheDocument();
    expect(screen.queryByText('0课时')).toBeNull();
  });
});
