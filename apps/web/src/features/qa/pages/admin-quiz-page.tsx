import { Card, Tabs } from 'antd';
import { CalendarTab } from '../components/admin-calendar';
import { AdminConsultations } from '../components/admin-consultations';
import { ExpertsTab } from '../components/admin-experts';
import { QueueTab } from '../components/admin-queue';
import '../components/qa.css';

/** /admin/quiz: every question (assign, reassign, hide), the in-time share, expert accounts and the work calendar. */
export default function AdminQuizPage() {
  return (
    <Card variant="borderless" title="问答管理">
      <Tabs
        items={[
          { key: 'queue', label: '问题队列', children: <QueueTab /> },
          { key: 'consult', label: '财税咨询', children: <AdminConsultations /> },
          { key: 'experts', label: '专家账号', children: <ExpertsTab /> },
          { key: 'calendar', label: '工作日历', children: <CalendarTab /> },
        ]}
      />
    </Card>
  );
}
