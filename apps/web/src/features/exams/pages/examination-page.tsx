import { App, Button, Card, Empty, Skeleton, Table, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CERTIFICATE_STATE_LABELS, type Certificate, type MyRegistration } from '@app/contracts';
import { examKeys, examsApi } from '../api/exams-api';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { CertificateActions } from '../components/certificate-actions';
import { ExamRules } from '../components/exam-rules';
import { dateOnly, dateTime, examPath, noticePath } from '../lib/exam-format';
import './exams.css';

const GROUPS: { key: MyRegistration['group']; label: string }[] = [
  { key: 'open', label: '进行中' },
  { key: 'upcoming', label: '待考' },
  { key: 'finished', label: '已结束' },
];

/**
 * Every finished attempt of a registration, one line each: its number, score and verdict, and the certificate's
 * actions beside the attempt that earned it (a later attempt's result never sits beside another's certificate).
 */
function AttemptResults({ r }: { r: MyRegistration }) {
  const done = r.attempts.filter((a) => a.state !== 'in_progress');
  if (done.length === 0) return <>—</>;
  return (
    <ol className="exam-attempts" aria-label="各次作答成绩">
      {done.map((a) => (
        <li key={a.id}>
          <span className="exam-attempts__seq">第{a.seq}次</span>
          {a.state === 'submitted' ? (
            <Tag color="processing">待阅卷</Tag>
          ) : (
            <>
              <span>{a.score}分</span>
              {a.passed ? <Tag color="success">合格</Tag> : <Tag color="error">不合格</Tag>}
            </>
          )}
          {r.certificate_number && r.certificate_attempt_id === a.id && (
            <CertificateActions number={r.certificate_number} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** Why a registration offers no further attempt, when it is not obvious from its dates. */
function noRetakeReason(r: MyRegistration): string | null {
  if (r.attempts.some((a) => a.state === 'in_progress') || r.attempts_left > 0) return null;
  if (r.attempts.some((a) => a.passed)) return '已合格';
  if (r.attempts.length > 0) return '作答次数已用完';
  return null;
}

/** /center/examination: my registrations (open now, upcoming, finished with score) and my certificates. */
/** On a phone each registration is a card of label / value lines instead of a table row. */
function RegistrationCards({
  regs,
  action,
}: {
  regs: MyRegistration[];
  action: (r: MyRegistration) => ReactNode;
}) {
  if (regs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无考试" />;
  return (
    <ul className="exam-reg-cards">
      {regs.map((r) => (
        <li key={r.id} className="exam-reg-card">
          <Link className="exam-reg-card__title" to={noticePath(r.type.type_name)}>
            {r.type.name} · {r.session.title}
          </Link>
          <dl>
            <dt>考试时间</dt>
            <dd>
              {dateTime(r.session.exam_start)} 至 {dateTime(r.session.exam_end)}
            </dd>
            <dt>作答次数</dt>
            <dd>
              {r.attempts.length} / {r.session.max_attempts}
            </dd>
            <dt>成绩</dt>
            <dd>
              <AttemptResults r={r} />
            </dd>
          </dl>
          {action(r)}
        </li>
      ))}
    </ul>
  );
}

function CertificateCards({ certs }: { certs: Certificate[] }) {
  if (certs.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无证书，考试合格后自动颁发" />;
  return (
    <ul className="exam-reg-cards">
      {certs.map((c) => (
        <li key={c.id} className="exam-reg-card">
          <div className="exam-reg-card__title">
            {c.exam_name}证书{' '}
            <Tag color={c.state === 'valid' ? 'success' : c.state === 'revoked' ? 'error' : 'default'}>
              {CERTIFICATE_STATE_LABELS[c.state]}
            </Tag>
          </div>
          <dl>
            <dt>证书编号</dt>
            <dd>{c.number}</dd>
            <dt>发证日期</dt>
            <dd>{dateOnly(c.issued_at)}</dd>
            <dt>有效期至</dt>
            <dd>{dateOnly(c.valid_until)}</dd>
          </dl>
          <CertificateActions number={c.number} />
        </li>
      ))}
    </ul>
  );
}

export default function ExaminationPage() {
  const { message, modal } = App.useApp();
  const phone = useIsPhone();
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

  // 考试须知 before the paper starts: the countdown and the leave rule (the same text as the notice's).
  const confirmStart = (r: MyRegistration) =>
    modal.confirm({
      title: '考试须知',
      className: 'exam-confirm-modal',
      width: 520,
      content: <ExamRules sessions={[r.session]} durationMinutes={r.session.duration_minutes} />,
      okText: '已阅读，进入考试',
      cancelText: '取消',
      onOk: () => start.mutate(r.id),
    });

  const action = (r: MyRegistration) => {
    const open = r.attempts.find((a) => a.state === 'in_progress');
    const last = r.attempts[r.attempts.length - 1];
    const examOpen =
      new Date(r.session.exam_start).getTime() <= now && now < new Date(r.session.exam_end).getTime();
    return (
      <span className="exam-actions">
        {open && (
          <Button type="primary" size={phone ? 'large' : 'small'} onClick={() => navigate(examPath(open.id))}>
            继续考试
          </Button>
        )}
        {!open && examOpen && r.attempts_left > 0 && r.state === 'registered' && (
          <Button
            type="primary"
            size={phone ? 'large' : 'small'}
            loading={start.isPending && start.variables === r.id}
            onClick={() => confirmStart(r)}
          >
            {r.attempts.length ? '再次考试' : '开始考试'}
          </Button>
        )}
        {noRetakeReason(r) && <span className="exam-muted">{noRetakeReason(r)}</span>}
        {last && last.state !== 'in_progress' && (
          <Button size={phone ? 'middle' : 'small'} onClick={() => navigate(examPath(last.id))}>
            查看成绩
          </Button>
        )}
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
            defaultActiveKey={
              regs.some((r) => r.group === 'open')
                ? 'open'
                : regs.some((r) => r.group === 'upcoming')
                  ? 'upcoming'
                  : 'finished'
            }
            items={GROUPS.map((g) => ({
              key: g.key,
              label: `${g.label}（${regs.filter((r) => r.group === g.key).length}）`,
              children: phone ? (
                <RegistrationCards regs={regs.filter((r) => r.group === g.key)} action={action} />
              ) : (
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
                      render: (_, r) =>
                        `${dateTime(r.session.exam_start)} 至 ${dateTime(r.session.exam_end)}`,
                    },
                    {
                      title: '作答次数',
                      render: (_, r) => `${r.attempts.length} / ${r.session.max_attempts}`,
                    },
                    { title: '成绩', render: (_, r) => <AttemptResults r={r} /> },
                    { title: '操作', render: (_, r) => action(r) },
                  ]}
                />
              ),
            }))}
          />
        )}
      </Card>
      <Card title="我的证书" className="exam-card">
        {phone ? (
          certs.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <CertificateCards certs={certs.data ?? []} />
          )
        ) : (
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
        )}
      </Card>
    </div>
  );
}
