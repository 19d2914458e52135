import { lazy, Suspense, useState } from 'react';
import type { ModerationKind } from '@app/contracts/moderation/moderation.rules';
import { AntdIsland } from '@/shared/lib/antd-island';
import './report-button.css';

const ReportDialog = lazy(() => import('./report-dialog'));

/**
 * 举报 link with its dialog: another user's comment, question or chat message goes to the moderation queue. The link
 * is plain; the dialog (antd) is fetched on the first click, so a screen drawn without antd stays without it.
 */
export function ReportButton({
  kind,
  id,
  title,
  className,
}: {
  kind: ModerationKind;
  id: number;
  /** Dialog title, e.g. 举报评论 / 举报问题 / 举报消息. */
  title: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`report-button ${className ?? ''}`}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        举报
      </button>
      {wanted && (
        <AntdIsland>
          <Suspense fallback={null}>
            <ReportDialog kind={kind} id={id} title={title} open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </AntdIsland>
      )}
    </>
  );
}
