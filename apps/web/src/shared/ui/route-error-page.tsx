import { LostIllustration } from './illustrations';
import { StatusScreen } from './status-screen';

/**
 * Route errorElement: a screen chunk that failed to load (stale deploy, network) or a render error.
 * Plain elements, no antd: the failed chunk may be antd itself, and a reload is the cure for a stale deploy.
 */
export default function RouteErrorPage() {
  return (
    <StatusScreen
      illustration={<LostIllustration />}
      title="页面加载失败"
      description="页面加载失败，请刷新重试。如果问题持续存在，请稍后再访问。"
      actions={
        <>
          <button type="button" className="status-btn status-btn--primary" onClick={() => window.location.reload()}>
            刷新页面
          </button>
          <a className="status-btn" href="/">
            返回首页
          </a>
        </>
      }
    />
  );
}
