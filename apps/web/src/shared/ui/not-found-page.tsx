import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { LostIllustration } from './illustrations';
import { StatusScreen } from './status-screen';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      illustration={<LostIllustration />}
      title="页面不存在"
      description="抱歉，您访问的页面不存在或已被移除，请检查网址是否正确。"
      actions={
        <>
          <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/')}>
            返回首页
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            返回上一页
          </Button>
        </>
      }
    />
  );
}
