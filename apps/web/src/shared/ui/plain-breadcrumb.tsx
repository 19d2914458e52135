import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './plain-breadcrumb.css';

/**
 * Where a page sits, for screens drawn without antd, looking like antd's Breadcrumb: the trail's links, then the page
 * itself (aria-current). An empty last item (a record still loading) keeps the line's height.
 */
export function PlainBreadcrumb({
  items,
  className,
}: {
  items: { label: ReactNode; to?: string }[];
  className?: string;
}) {
  return (
    <nav className={`plain-breadcrumb ${className ?? ''}`} aria-label="面包屑">
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} aria-current={last ? 'page' : undefined}>
              {item.to ? <Link to={item.to}>{item.label}</Link> : item.label}
              {!last && (
                <span className="plain-breadcrumb__separator" aria-hidden="true">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
