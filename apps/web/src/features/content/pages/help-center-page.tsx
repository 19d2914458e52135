import { Alert, Button, Collapse, Empty, Skeleton, Tabs } from 'antd';
import { useCallback, useMemo, useState, type Ref } from 'react';
import { useSearchParams } from 'react-router';
import type { HelpProblem, ProblemGroup } from '@app/contracts/content/content.schemas';
import { useProblems } from '../api/use-problems';
import './help-center-page.css';

function problemDomId(problem: HelpProblem): string {
  return `help-problem-${problem.id}`;
}

function Answer({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="help-answer">
      {paragraphs.map((p, i) => (
        <p key={i}>{p.trim()}</p>
      ))}
    </div>
  );
}

function GroupProblems(props: {
  group: ProblemGroup;
  openKeys: string[];
  onChange: (keys: string[]) => void;
  targetId: number | undefined;
  targetRef: Ref<HTMLSpanElement>;
}) {
  const { group, openKeys, onChange, targetId, targetRef } = props;
  if (group.problems.length === 0) return <Empty description="该分类暂无问题" />;
  return (
    <Collapse
      activeKey={openKeys}
      onChange={(keys) => onChange(Array.isArray(keys) ? keys : [keys])}
      items={group.problems.map((p) => ({
        key: String(p.id),
        label: (
          <span id={problemDomId(p)} ref={p.id === targetId ? targetRef : undefined}>
            {p.name}
          </span>
        ),
        children: <Answer text={p.content} />,
      }))}
    />
  );
}

/**
 * /help-center?classifyName=<group>&name=<problem>: problems grouped by guide type; the named group is selected,
 * the named problem opened and scrolled into view (the footer links here).
 */
export default function HelpCenterPage() {
  const [params] = useSearchParams();
  const classifyName = params.get('classifyName') ?? '';
  const problemName = params.get('name') ?? '';
  const { data: groups, isPending, isError, refetch } = useProblems();

  const target = useMemo(() => {
    if (!groups || groups.length === 0) return null;
    const group = groups.find((g) => g.name === classifyName) ?? groups[0]!;
    const problem = problemName ? group.problems.find((p) => p.name === problemName) : undefined;
    return { group, problem };
  }, [groups, classifyName, problemName]);

  // Tab and open panels follow the query; when the target changes (a new footer link), they reset to it.
  // Adjusted during render (React's "state from props" pattern) rather than in an effect.
  const [ui, setUi] = useState<{ target: typeof target; activeGroup: string; openKeys: string[] }>({
    target: null,
    activeGroup: '',
    openKeys: [],
  });
  if (ui.target !== target) {
    setUi({
      target,
      activeGroup: target ? String(target.group.ttype) : '',
      openKeys: target?.problem ? [String(target.problem.id)] : [],
    });
  }
  const { activeGroup, openKeys } = ui;
  const setOpenKeys = (keys: string[]) => setUi((u) => ({ ...u, openKeys: keys }));

  // A ref callback rather than an effect: antd Tabs mounts a newly active pane a render later, so the target
  // element may not exist yet when effects run. The callback identity changes with the target only.
  const scrollToTarget = useCallback(
    (el: HTMLSpanElement | null) => {
      if (el && target?.problem) el.scrollIntoView({ behavior: 'smooth', block: 'center' });
    },
    [target],
  );

  return (
    <div className="page-container help-center">
      <header className="help-center__head">
        <h1>帮助中心</h1>
        <p>常见问题解答：用户指南、学员指南与测评指南</p>
      </header>
      <div className="help-center__body">
        {isPending && <Skeleton active paragraph={{ rows: 8 }} />}
        {isError && (
          <Alert
            type="error"
            showIcon
            title="帮助内容加载失败"
            action={
              <Button size="small" onClick={() => void refetch()}>
                重试
              </Button>
            }
          />
        )}
        {groups && groups.length === 0 && <Empty description="暂无帮助内容" />}
        {groups && groups.length > 0 && (
          <Tabs
            tabPlacement="start"
            activeKey={activeGroup || String(groups[0]!.ttype)}
            onChange={(key) => setUi((u) => ({ ...u, activeGroup: key, openKeys: [] }))}
            items={groups.map((g) => ({
              key: String(g.ttype),
              label: g.name,
              children: (
                <GroupProblems group={g} openKeys={openKeys} onChange={setOpenKeys} targetId={target?.problem?.id} targetRef={scrollToTarget} />
              ),
            }))}
          />
        )}
      </div>
    </div>
  );
}
