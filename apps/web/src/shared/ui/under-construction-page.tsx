import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useMatches, useNavigate } from 'react-router';
import { deepestHandle } from '../lib/routing';
import { BuildingIllustration } from './illustrations';
import { PlainButton } from './plain-button';
import { StatusScreen } from './status-screen';

export const UNDER_CONSTRUCTION_TITLE = '功能建设中';

/** "功能建设中", drawn without antd: shown by every route whose page a later issue builds, and by /not-found/underConstruction. */
export default function UnderConstructionPage() {
  const navigate = useNavigate();
  const routeName = deepestHandle(useMatches())?.title;
  const named = routeName && routeName !== UNDER_CONSTRUCTION_TITLE;
  return (
    <StatusScreen
      illustration={<BuildingIllustration />}
      title={UNDER_CONSTRUCTION_TITLE}
      description={
        named ? (
          <>
            「<strong>{routeName}</strong>」正在紧锣密鼓地建设中，敬请期待。
            <br />
            您可以先去首页看看其他精彩内容。
          </>
        ) : (
          <>该页面正在紧锣密鼓地建设中，敬请期待。</>
        )
      }
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
