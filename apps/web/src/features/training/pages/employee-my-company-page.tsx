import { CheckCircleFilled, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Result, Skeleton } from 'antd';
import type { MyCompany } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { useAnswerInvitation, useLeaveCompany, useMyCompany, type InvitationAnswer } from '../api/employee';
import { AssignedCourseList } from '../components/employee-assigned-courses';
import '../components/employee.css';

const EMPTY_TEXT = '您还没有加入单位；单位邀请您后，会在这里看到邀请。';

function useFailureToast() {
  const { message } = App.useApp();
  return (err: unknown) => message.error(isApiError(err) ? err.message : '操作失败，请稍后重试');
}

function Invitations({ data }: { data: MyCompany }) {
  const { message } = App.useApp();
  const failed = useFailureToast();
  const answer = useAnswerInvitation();
  const busy = answer.isPending ? answer.variables : undefined;
  const reply = (id: number, what: InvitationAnswer) =>
    answer.mutateAsync({ id, answer: what }).then((res) => void message.success(res.message), failed);
  return (
    <Card title={`单位邀请（${data.invitations.length}）`}>
      {data.employment && (
        <p className="my-company__muted" style={{ marginBottom: 12 }}>
          您目前是{data.employment.company_name}的员工，接受其他单位的邀请前请先退出原单位。
        </p>
      )}
      <ul className="my-company__invitations">
        {data.invitations.map((inv) => (
          <li key={inv.id} className="my-company__invitation">
            <div className="my-company__invitation-text">
              <strong>{inv.company_name}</strong>
              <p className="my-company__muted">
                邀请您加入单位培训 · 邀请于 {chinaDate(inv.invited_at)} · 有效期至 {chinaDate(inv.expires_at)}
              </p>
            </div>
            <div className="my-company__actions">
              <Button
                type="primary"
                loading={busy?.id === inv.id && busy.answer === 'accept'}
                disabled={answer.isPending}
                aria-label={`接受${inv.company_name}的邀请`}
                onClick={() => void reply(inv.id, 'accept')}
              >
                接受
              </Button>
              <Popconfirm
                icon={<ExclamationCircleFilled aria-hidden="true" />}
                title={`确定拒绝${inv.company_name}的邀请吗？`}
                okText="拒绝"
                cancelText="取消"
                onConfirm={() => reply(inv.id, 'decline')}
              >
                <Button
                  loading={busy?.id === inv.id && busy.answer === 'decline'}
                  disabled={answer.isPending}
                  aria-label={`拒绝${inv.company_name}的邀请`}
                >
                  拒绝
                </Button>
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CurrentCompany({ employment, seat }: { employment: NonNullable<MyCompany['employment']>; seat: MyCompany['seat'] }) {
  const { message, modal } = App.useApp();
  const failed = useFailureToast();
  const leave = useLeaveCompany();
  const confirmLeave = () =>
    modal.confirm({
      icon: <ExclamationCircleFilled aria-hidden="true" />,
      title: `确定退出${employment.company_name}吗？`,
      content: '退出后单位发放的学员卡将收回，单位指派的课程也不再显示。',
      okText: '退出单位',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => leave.mutateAsync().then((res) => void message.success(res.message), failed),
    });
  return (
    <Card title="所在单位">
      <div className="my-company__current">
        <div>
          <h2 className="my-company__name">{employment.company_name}</h2>
          <p className="my-company__muted">加入于 {chinaDate(employment.joined_at)}</p>
        </div>
        <Button danger loading={leave.isPending} onClick={confirmLeave}>
          退出单位
        </Button>
      </div>
      {seat ? (
        <div className="my-company__seat my-company__seat--on">
          <CheckCircleFilled className="my-company__seat-icon" aria-hidden="true" />
          <div>
            <strong>
              单位为您开通了会员，有效期至 <span className="my-company__date">{chinaDate(seat.ends_at)}</span>
            </strong>
            <p className="my-company__muted">学员卡由单位发放，可享受会员权益；离开单位时学员卡由单位收回。</p>
          </div>
        </div>
      ) : (
        <p className="my-company__muted my-company__seat">单位暂未为您分配学员卡。</p>
      )}
    </Card>
  );
}

/**
 * /center/my-company (personal accounts): invitations to answer, the company the member belongs to and the 学员卡
 * it gave them, and the courses it assigned (单位指派) with their deadlines.
 */
export default function EmployeeMyCompanyPage() {
  const q = useMyCompany();
  if (q.isPending)
    return (
      <Card title="我的单位">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  if (q.isError)
    return (
      <Card title="我的单位">
        <Result
          status="warning"
          icon={<WarningFilled aria-hidden="true" />}
          title="我的单位加载失败"
          extra={
            <Button type="primary" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      </Card>
    );
  const data = q.data;
  if (!data.employment && data.invitations.length === 0)
    return (
      <Card title="我的单位">
        <Empty description={EMPTY_TEXT} />
      </Card>
    );
  return (
    <div className="my-company">
      {data.invitations.length > 0 && <Invitations data={data} />}
      {data.employment && <CurrentCompany employment={data.employment} seat={data.seat} />}
      {data.employment && (
        <Card title="单位指派">
          {data.assignments.length > 0 ? (
            <AssignedCourseList assignments={data.assignments} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="单位暂未指派课程" />
          )}
        </Card>
      )}
    </div>
  );
}
