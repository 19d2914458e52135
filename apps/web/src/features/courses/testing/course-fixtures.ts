import type { CourseCard, CourseDetail, LessonItem, TowerTagNode } from '@app/contracts';

export function makeCourse(overrides: Partial<CourseCard> = {}): CourseCard {
  return {
    id: 11,
    title: '全面预算管理实务',
    cover: '/uploads/courses/11.jpg',
    summary: '从编制到考核，讲透企业全面预算。',
    teacher_name: '李明',
    teacher_title: '高级会计师',
    tags: [{ id: 21, name: '预算管理' }],
    kind: 'video',
    price_type: 'free',
    price: 0,
    lesson_count: 6,
    total_duration: 3600,
    learner_count: 1280,
    like_count: 96,
    favorite_count: 40,
    hot_score: 2600,
    published_at: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeLesson(overrides: Partial<LessonItem> = {}): LessonItem {
  return {
    id: 101,
    title: '预算编制的起点',
    sort: 1,
    duration: 600,
    is_trial: true,
    question_count: 2,
    can_watch: true,
    progress: null,
    ...overrides,
  };
}

export function makeCourseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...makeCourse(),
    description: [
      { type: 'heading', text: '课程简介' },
      { type: 'paragraph', text: '本课程系统讲解全面预算管理。' },
      { type: 'list', items: ['预算编制', '预算执行'] },
    ],
    teacher: { id: 1, name: '李明', title: '高级会计师', photo: '/uploads/t1.jpg', intro: '二十年企业财务管理经验。' },
    outer_url: null,
    lessons: [makeLesson(), makeLesson({ id: 102, title: '预算执行与控制', sort: 2, is_trial: false })],
    mine: null,
    ...overrides,
  };
}

export function makeTagTree(): TowerTagNode[] {
  return [
    {
      id: 1,
      name: '财务管理',
      course_count: 8,
      children: [
        { id: 21, name: '预算管理', course_count: 3 },
        { id: 22, name: '成本管理', course_count: 5 },
      ],
    },
    { id: 2, name: '税务筹划', course_count: 4, children: [{ id: 31, name: '增值税', course_count: 4 }] },
  ];
}
