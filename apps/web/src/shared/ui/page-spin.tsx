import './page-spin.css';

/**
 * Centred spinner while a screen or the session loads. Plain CSS rather than antd Spin: it is part of the
 * first load (router hydrate fallback), which has a hard size budget.
 */
export function PageSpin({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="page-spin" role="status" aria-live="polite">
      <span className="page-spin__dot" aria-hidden="true" />
      <span className="page-spin__tip">{tip}</span>
    </div>
  );
}
