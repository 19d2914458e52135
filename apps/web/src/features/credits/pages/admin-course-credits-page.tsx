import { App, Button, Card, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  CREDIT_CATEGORIES,
  CREDIT_CATEGORY_LABELS,
  CREDIT_GRANT_MAX,
  CREDIT_SCALE,
  DEFAULT_MINUTES_PER_CREDIT,
  creditText,
  minutesToCredits,
  type CreditCategory,
} from '@app/contracts/credits/credits.rules';
import type { CourseCredit } from '@app/contracts/credits/credits.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { creditsApi, creditsKeys } from '../api/credits-api';
import '../components/credits.css';

interface Draft {
  category: CreditCategory | null;
  /** Whole credits with one decimal, as staff type them. */
  credits: number | null;
}

function CourseRow({ c }: { c: CourseCredit }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ category: c.category, credits: c.credits === null ? null : c.credits / CREDIT_SCALE });
  const [saving, setSaving] = useState(false);
  const changed = draft.category !== c.category || (draft.credits === null ? null : Math.round(draft.credits * CREDIT_SCALE)) !== c.credits;
  const save = async () => {
    setSaving(true);
    try {
      const res = await creditsApi.saveCourse(c.course_id, {
        category: draft.category,
        credits: draft.category === null || draft.credits === null ? null : Math.round(draft.credits * CREDIT_SCALE),
      });
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: creditsKeys.courses });
    } catch (err) {
      message.error(isApiError(err) ? err.message : '保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space wrap>
      <Select<CreditCategory | 'none'>
        aria-label={`《${c.title}》的学分类别`}
        style={{ width: 130 }}
        value={draft.category ?? 'none'}
        onChange={(v) => setDraft((d) => ({ category: v === 'none' ? null : v, credits: v === 'none' ? null : d.credits }))}
        options={[{ value: 'none', label: '不计学分' }, ...CREDIT_CATEGORIES.map((k) => ({ value: k, label: CREDIT_CATEGORY_LABELS[k] }))]}
      />
      <InputNumber<number>
        aria-label={`《${c.title}》的学分`}
        min={0.1}
        max={CREDIT_GRANT_MAX / CREDIT_SCALE}
        step={0.5}
        precision={1}
        disabled={draft.category === null}
        value={draft.credits}
        placeholder={`建议 ${creditText(minutesToCredits(c.duration_minutes, DEFAULT_MINUTES_PER_CREDIT))}`}
        onChange={(v) => setDraft((d) => ({ ...d, credits: v }))}
        addonAfter="学分"
        style={{ width: 150 }}
      />
      <Button type="primary" disabled={!changed || (draft.category !== null && !draft.credits)} loading={saving} onClick={() => void save()}>
        保存
      </Button>
    </Space>
  );
}

/**
 * /admin/credits/courses: each course's 学分类别 and 学分. A finished course grants what it carries at that moment;
 * changing a course never changes credits already granted. The suggestion is the course's length at 50 minutes a
 * credit.
 */
export default function AdminCourseCreditsPage() {
  const q = useQuery({ queryKey: creditsKeys.courses, queryFn: creditsApi.courses });
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => (q.data ?? []).filter((c) => c.title.includes(keyword.trim())), [q.data, keyword]);
  return (
    <Card
      title="课程学分设置"
      extra={<Link to="/admin/credits/rules">学分规则</Link>}
    >
      <Input.Search
        allowClear
        placeholder="按课程名称查找"
        aria-label="按课程名称查找"
        onSearch={setKeyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <Table<CourseCredit>
        rowKey="course_id"
        loading={q.isPending}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 860 }}
        columns={[
          {
            title: '课程',
            render: (_, c) => (
              <span>
                {c.title} {!c.published && <Tag>未上架</Tag>}
              </span>
            ),
          },
          { title: '时长', width: 100, render: (_, c) => `${c.duration_minutes}分钟` },
          { title: '学分类别与学分', width: 460, render: (_, c) => <CourseRow key={`${c.course_id}:${c.category}:${c.credits}`} c={c} /> },
        ]}
      />
    </Card>
  );
}
