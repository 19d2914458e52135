import { EditOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';
import { useTalentInfo } from '../api/use-talent';
import { PersonalInfoModal } from '../components/personal-info-modal';
import { CareerTimeline, PersonalInfoCard, PortraitSummary, RadarCard } from '../components/portrait-parts';
import { RecordSection } from '../components/record-section';
import { RECORD_KINDS } from '../lib/record-kinds';
import '../components/talent.css';

/**
 * /center/talentPortrayal: my talent portrait (summary, radar, timeline, personal info and the five record lists,
 * all editable). Every save or delete reloads the talent info (SPEC §4).
 */
export default function TalentPortraitPage() {
  const role = useSessionStore(selectRole);
  if (role === 'company') return <CompanyNotice />;
  return <MyPortrait />;
}

/** The portrait describes a person; company accounts see people's portraits from their talent pool instead. */
function CompanyNotice() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title="人才画像为个人账号功能"
      subTitle="企业账号可在人才库中查看求职者公开的人才画像。"
      extra={
        <Button type="primary" onClick={() => void navigate('/center/talent-pool')}>
          前往人才库
        </Button>
      }
    />
  );
}

function MyPortrait() {
  const info = useTalentInfo();
  const isMember = useSessionStore((s) => Boolean(s.user?.is_member));
  const setJobSwitch = useSessionStore((s) => s.setJobSwitch);
  const setStudentSwitch = useSessionStore((s) => s.setStudentSwitch);
  const [editingInfo, setEditingInfo] = useState(false);

  if (info.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (info.isError)
    return (
      <Result
        status="warning"
        title="人才画像加载失败"
        extra={<Button onClick={() => void info.refetch()}>重新加载</Button>}
      />
    );
  const data = info.data.personal_info;

  return (
    <div className="talent-portrait" aria-busy={info.isFetching}>
      <PortraitSummary
        info={data}
        onEditJob={() => (isMember ? setJobSwitch(true) : setStudentSwitch(true))}
      />
      <div className="talent-portrait__grid">
        <RadarCard info={data} />
        <CareerTimeline info={data} />
      </div>
      <PersonalInfoCard
        info={data}
        extra={
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditingInfo(true)}>
            编辑个人信息
          </Button>
        }
      />
      {RECORD_KINDS.map((k) => (
        <RecordSection key={k.kind} config={k} records={k.list(data) as never} />
      ))}
      {editingInfo && <PersonalInfoModal user={data.user_info} onClose={() => setEditingInfo(false)} />}
    </div>
  );
}
