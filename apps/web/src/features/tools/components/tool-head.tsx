import { PlainBreadcrumb } from '@/shared/ui/plain-breadcrumb';

/** The head of one tool's page: the way back to the tool list, the tool's name and what it does. */
export function ToolHead({ name, summary }: { name: string; summary: string }) {
  return (
    <>
      <PlainBreadcrumb
        className="no-print"
        items={[{ label: '智能工具', to: '/financeTool' }, { label: name }]}
      />
      <header className="tools__detail-head">
        <h1>{name}</h1>
        <p>{summary}</p>
      </header>
    </>
  );
}
