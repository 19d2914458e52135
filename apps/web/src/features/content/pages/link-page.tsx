import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { contentMessages, outsideLinkTarget } from '@app/contracts/content/content.rules';
import '../components/content.css';

/** /linkPage?url=: the stop before leaving for another site. Continues only to http(s) addresses. */
export default function LinkPage() {
  const raw = useSearchParams()[0].get('url');
  const target = outsideLinkTarget(raw);
  if (!target) {
    return (
      <div className="page-container cms-page">
        <Result status="warning" title="无法跳转" subTitle={contentMessages.linkInvalid} extra={<Link to="/">返回首页</Link>} />
      </div>
    );
  }
  return (
    <div className="page-container cms-page">
      <Result
        status="info"
        title="您即将离开本站"
        subTitle={
          <>
            <p>
              即将访问：<strong className="cms-link-host">{target.hostname}</strong>
            </p>
            <p className="cms-link-url">{target.toString()}</p>
            <p>该网站不属于本平台，请注意保护个人信息和财产安全。</p>
          </>
        }
        extra={[
          <Button key="go" type="primary" href={target.toString()} rel="noopener noreferrer nofollow">
            继续访问
          </Button>,
          <Link key="back" className="cms-btn" to="/">
            返回首页
          </Link>,
        ]}
      />
    </div>
  );
}
