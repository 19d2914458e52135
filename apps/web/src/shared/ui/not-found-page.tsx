import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LostIllustration } from './illustrations';
import { PlainButton } from './plain-button';
import { StatusScreen } from './status-screen';

/** The not-found screen, drawn without antd: it also stands in for a public record that does not exist. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      illustration={<LostIllustration />}
      title="页面不存在"
      description="抱歉，您访问的页面不存在或已被移除，请检查网址是否正确。"
      actions={
        <>
          <PlainButton variant="primary" size="middle" onClick={() => navigate('/')}>
            <HomeOutlined aria-hidden="true" />
            返回首页
          </PlainButton>
          <PlainButton variant="default" size="middle" onClick={() => void navigate(-1)}>
            <ArrowLeftOutlined aria-hidden="true" />
            返回上一页
          </PlainButton>
        </>
      }
    />
  );
}
