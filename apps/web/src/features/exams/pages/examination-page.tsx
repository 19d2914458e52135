import { App, Button, Card, Empty, Skeleton, Table, Tabs, Tag } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CERTIFICATE_STATE_LABELS, type Certificate, type MyRegistration } from '@app/contracts';
import { examKeys, examsApi } from '../api/exams-api';
import { CertificateActions } from '../components/certificate-actions';
import { dateOnly, dateTime, examPath, noticePath } from '../lib/exam-format';
import './exams.css';

const GROUPS: { key: MyRegistration['group']; label: string }[] = [
  { key: 'open', label: '进行中' },
  { key: 'upcoming', label: '待考' },
  { key: 'finished', label: '已结束' },
];

function resultOf(r: MyRegistration) {
  const done = r.attempts.filter((a) => a.state !== 'in_progress');
  const last = done[done.length - 1];
  if (!last) return null;
  if (last.state === 'submitted') return <Tag color="processing">待阅卷</Tag>;
  return (
    <span>
      {last.score}分 {last.passed ? <Tag color="success">合格</Tag> : <Tag color="error">不合格</Tag>}
    </span>
  );
}

/** /center/examination: my registrations (open now, upcoming, finished with score) and my certificates. */
export default function ExaminationPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mine = useQuery({ queryKey: examKeys.mine, queryFn: examsApi.mine });
  const certs = useQuery({ queryKey: examKeys.certificates, queryFn: examsApi.myCertificates });
  const types = useQuery({ queryKey: examKeys.types, queryFn: examsApi.types, staleTime: 5 * 60_000 });
  const start = useMutation({
    mutationFn: (registrationId: number) => examsApi.start(registrationId),
    onSuccess: (a) => navigate(examPath(a.id)),
    onError: (err) => message.error(err instanceof Error ? err.message : '无法开始考试'),
  });

  if (mine.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const regs = mine.data?.registrations ?? [];
  const now = mine.data ? new Date(mine.data.server_now).getTime() : 0;

  const action = (r: MyRegistration) => {
    const open = r.attempts.find((a) => a.state === 'in_progress');
    const last = r.attempts[r.attempts.length - 1];
    const examOpen = new Date(r.session.exam_start).getTime() <= now && now < new Date(r.session.exam_end).getTime();
    return (
      <span className="exam-actions">
        {open && (
          <Button type="primary" size="small" onClick={() => navigate(examPath(open.id))}>
            继续考试
          </Button>
        )}
        {!open && examOpen && r.attempts_left > 0 && r.state === 'registered' && (
          <Button
            type="primary"
            size="small"
            loading={start.isPending && start.variables === r.id}
            onClick={() => start.mutate(r.id)}
          >
            {r.attempts.length ? '再次考试' : '开始考试'}
          </Button>
        )}
        {last && last.state !== 'in_progress' && (
          <Button size="small" onClick={() => navigate(examPath(last.id))}>
            查看成绩
          </Button>
        )}
        {r.certificate_number && <CertificateActions number={r.certificate_number} />}
      </span>
    );
  };

  return (
    <div className="examination" aria-label="在线考试">
      <Card title="在线考试" className="exam-card" extra={<Link to="/evaluate">报名考试</Link>}>
        {regs.length === 0 ? (
          <Empty description="您还没有报名考试">
            <div className="exam-type-links">
              {(types.data ?? []).map((t) => (
                <Link key={t.id} to={noticePath(t.type_name)}>
                  {t.name}
                </Link>
              ))}
            </div>
          </Empty>
        ) : (
          <Tabs
            defaultActiveKey={regs.some((r) => r.group === 'open') ? 'open' : regs.some((r) => r.group === 'upcoming') ? 'upcoming' : 'finished'}
            items={GROUPS.map((g) => ({
              key: g.key,
              label: `${g.label}（${regs.filter((r) => r.group === g.key).length}）`,
              children: (
                <Table<MyRegistration>
                  rowKey="id"
                  pagination={false}
                  scroll={{ x: 760 }}
                  dataSource={regs.filter((r) => r.group === g.key)}
                  locale={{ emptyText: '暂无考试' }}
                  columns={[
                    {
                      title: '考试',
                      render: (_, r) => (
                        <Link to={noticePath(r.type.type_name)}>
                          {r.type.name} · {r.session.title}
                        </Link>
                      ),
                    },
                    {
                      title: '考试时间',
                      render: (_, r) => `${dateTime(r.session.exam_start)} 至 ${dateTime(r.session.exam_end)}`,
                    },
                    {
                      title: '作答次数',
                      render: (_, r) => `${r.attempts.length} / ${r.session.max_attempts}`,
                    },
                    { title: '成绩', render: (_, r) => resultOf(r) ?? '—' },
                    { title: '操作', render: (_, r) => action(r) },
                  ]}
                />
              ),
            }))}
          />
        )}
      </Card>
      <Card title="我的证书" className="exam-card">
        <Table<Certificate>
          rowKey="id"
          pagination={false}
          loading={certs.isPending}
          dataSource={certs.data ?? []}
          locale={{ emptyText: '暂无证书，考试合格后自动颁发' }}
          scroll={{ x: 700 }}
          columns={[
            { title: '证书名称', render: (_, c) => `${c.exam_name}证书` },
            { title: '证书编号', dataIndex: 'number' },
            { title: '发证日期', render: (_, c) => dateOnly(c.issued_at) },
            { title: '有效期至', render: (_, c) => dateOnly(c.valid_until) },
            {
              title: '状态',
              render: (_, c) => (
                <Tag color={c.state === 'valid' ? 'success' : c.state === 'revoked' ? 'error' : 'default'}>
                  {CERTIFICATE_STATE_LABELS[c.state]}
                </Tag>
              ),
            },
            { title: '操作', render: (_, c) => <CertificateActions number={c.number} /> },
          ]}
        />
      </Card>
    </div>
  );
}
