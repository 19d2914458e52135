import { ExclamationCircleFilled } from '@ant-design/icons';
import { standardNoteSentence, standardNoticeHeading, standardNoticeHint, type StandardTarget } from '@app/contracts/standards/standards.rules';
import type { StandardNotice as Notice } from '@app/contracts/standards/standards.schemas';
import { useStandardNotices, type NoticeTarget } from '../api/standard-notices-api';
import '@/shared/ui/plain-alert.css';
import './standard-notice.css';

/**
 * The changes of the standards a course or an exam teaches that its content has not caught up with: 本课程依据的准则已修订
 * （2026-11-20） and what changed. Drawn without antd (the course and exam pages are plain); nothing at all, and no
 * space, when there is none.
 */
export function StandardNoticeList({
  where,
  items,
  className,
}: {
  where: StandardTarget;
  items: readonly Notice[];
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <section className={className ? `standard-notice ${className}` : 'standard-notice'} aria-label="准则与政策修订提示">
      {items.map((n) => (
        <div key={n.id} className="plain-alert plain-alert--warning standard-notice__item">
          <span className="plain-alert__icon" aria-hidden="true">
            <ExclamationCircleFilled />
          </span>
          <div className="plain-alert__text">
            <h2 className="standard-notice__heading">{standardNoticeHeading(where, n.kind, n.changed_on)}</h2>
            <p className="standard-notice__note">
              《{n.name}》：{standardNoteSentence(n.note)}
              {standardNoticeHint(where, n.kind)}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}

/** The notice of a course page or an exam notice, fetched by itself (rendered on the server with the page). */
export function StandardNotice(props: NoticeTarget) {
  const notices = useStandardNotices(props);
  return <StandardNoticeList where={'courseId' in props ? 'course' : 'exam_type'} items={notices.data?.items ?? []} />;
}
