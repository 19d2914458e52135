import { Card, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { CERTIFICATE_STATE_LABELS, type Certificate } from '@app/contracts';
import { chinaDate } from '@/shared/lib/china-time';
import { useMyCertificates } from '../api/use-talent';
import { ScrollCue, TABLE_SCROLLER, useTableScroll } from '@/shared/ui/scroll-cue';

const COLORS: Record<Certificate['state'], string> = { valid: 'success', expired: 'default', revoked: 'error' };

/** My exam certificates with their state and public check page (the exams area issues them). */
export function ExamCertificatesCard() {
  const certs = useMyCertificates();
  const scroll = useTableScroll();
  return (
    <Card title="我的证书" extra={<Link to="/center/examination">在线考试</Link>}>
      <ScrollCue label="我的证书" scroller={TABLE_SCROLLER}>
      <Table<Certificate>
        scroll={scroll}
        rowKey="number"
        size="small"
        pagination={false}
        loading={certs.isPending}
        dataSource={certs.data ?? []}
        locale={{ emptyText: '暂无考试证书，报名考试并合格后自动颁发' }}
        columns={[
          { title: '证书名称', render: (_, c) => `${c.exam_name}证书` },
          { title: '证书编号', render: (_, c) => <Link to={`/certificate/${encodeURIComponent(c.number)}`}>{c.number}</Link> },
          { title: '发证日期', render: (_, c) => chinaDate(c.issued_at) },
          { title: '有效期至', render: (_, c) => chinaDate(c.valid_until) },
          { title: '状态', render: (_, c) => <Tag color={COLORS[c.state]}>{CERTIFICATE_STATE_LABELS[c.state]}</Tag> },
        ]}
      />
      </ScrollCue>
    </Card>
  );
}
