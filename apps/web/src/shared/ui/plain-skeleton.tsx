import './plain-skeleton.css';

/**
 * A loading placeholder for screens drawn without antd, looking like antd's Skeleton: an optional round avatar, a title
 * bar and `rows` lines, the last one shorter. Give its box the final content's height so nothing moves on arrival.
 */
export function PlainSkeleton({
  rows = 3,
  title = true,
  avatar = false,
}: {
  rows?: number;
  title?: boolean;
  avatar?: boolean;
}) {
  return (
    <div className="plain-skeleton" aria-hidden="true">
      {avatar && <span className="plain-skeleton__avatar plain-skeleton__shimmer" />}
      <div className="plain-skeleton__lines">
        {title && <span className="plain-skeleton__title plain-skeleton__shimmer" />}
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="plain-skeleton__line plain-skeleton__shimmer" />
        ))}
      </div>
    </div>
  );
}
