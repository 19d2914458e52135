import { Button, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { talentMessages } from '@app/contracts/talent/talent.rules';
import { talentApi, talentKeys } from '../api/talent-api';
import { CareerTimeline, PersonalInfoCard, PortraitSummary, RadarCard } from '../components/portrait-parts';
import { RecordSection } from '../components/record-section';
import { RECORD_KINDS } from '../lib/record-kinds';
import '../components/talent.css';

/**
 * Public portrait (/jobDetail/talentPortrayal?user_id=): asks GET /api/user_infos/show_personal_info first and
 * loads the portrait (phone and ID masked by the server) only when the person made it public.
 */
async function loadPublicPortrait(userId: number) {
  const { show_personal_info } = await talentApi.showPersonalInfo(userId);
  if (!show_personal_info) return null;
  return (await talentApi.publicPortrait(userId)).personal_info;
}

export default function PublicPortraitPage() {
  const [params] = useSearchParams();
  const userId = Number(params.get('user_id'));
  const valid = Number.isInteger(userId) && userId > 0;
  const portrait = useQuery({
    queryKey: talentKeys.publicPortrait(userId),
    queryFn: () => loadPublicPortrait(userId),
    enabled: valid,
  });

  let body;
  if (!valid) body = <Result status="404" title="未指定要查看的人才" extra={<BackLink />} />;
  else if (portrait.isPending) body = <Skeleton active avatar paragraph={{ rows: 8 }} />;
  else if (portrait.isError) body = <Result status="warning" title="人才画像加载失败" extra={<BackLink />} />;
  else if (!portrait.data)
    body = <Result status="info" title={talentMessages.portraitNotPublic} extra={<BackLink />} />;
  else {
    const info = portrait.data;
    body = (
      <div className="talent-portrait">
        <PortraitSummary info={info} />
        <div className="talent-portrait__grid">
          <RadarCard info={info} />
          <CareerTimeline info={info} />
        </div>
        <PersonalInfoCard info={info} />
        {RECORD_KINDS.map((k) => (
          <RecordSection key={k.kind} config={k} records={k.list(info) as never} readOnly />
        ))}
      </div>
    );
  }
  return (
    <div className="page-container public-portrait">
      <h1 className="public-portrait__title">人才画像</h1>
      {body}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/jobDetail">
      <Button type="primary">返回招聘求职</Button>
    </Link>
  );
}
