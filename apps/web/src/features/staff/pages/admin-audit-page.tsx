import { Button, Card, DatePicker, Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { STAFF_ROLE_LABELS, type StaffRole } from '@app/contracts/staff/staff.rules';
import type { AuditEntry, AuditQuery } from '@app/contracts/staff/staff.schemas';
import { useAuditLog } from '../api/use-staff';
import './staff.css';

const PER = 20;

/** Chinese names of the recorded actions (new actions show their code until named here). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.set_roles': '设置角色',
  'staff.admin_create': '设为管理员（命令行）',
  'user.disable': '禁用账号',
  'user.enable': '启用账号',
  'user.grant_membership': '手动开通会员',
  'user.reset_password': '重置密码',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回发票申请',
  'star_review.approve': '星级评定通过',
  'star_review.reject': '星级评定驳回',
  'company.verify': '企业认证通过',
  'company.reject': '企业认证驳回',
  'job_post.approve': '职位审核通过',
  'job_post.reject': '职位审核驳回',
  'job_post.offline': '职位下线',
  'exam_question.create': '新增试题',
  'exam_question.update': '修改试题',
  'exam_question.deactivate': '停用试题',
  'exam_question.import': '导入试题',
  'exam_paper.create': '新建试卷',
  'exam_session.create': '新建考试场次',
  'exam_type.create': '新建考试项目',
  'exam_type.update': '修改考试项目与公告',
  'exam_answer.grade': '阅卷评分',
  'certificate.revoke': '撤销证书',
  'question.assign': '指派问题',
  'question.hide': '隐藏问题',
  'question.restore': '恢复问题',
  'expert.link': '关联专家账号',
  'expert.unlink': '解除专家账号',
  'work_calendar.save': '保存节假日',
  'work_calendar.delete': '删除节假日',
  'consultation.schedule': '安排咨询',
  'consultation.finish': '完成咨询',
  'consultation.cancel': '取消咨询',
  'course.create': '新建课程',
  'course.update': '修改课程',
  'course.delete': '删除课程',
  'course.publish': '发布课程',
  'course.unpublish': '下架课程',
  'course_lesson.create': '新增课时',
  'course_lesson.update': '修改课时',
  'course_lesson.delete': '删除课时',
  'course_lesson.reorder': '课时排序',
  'course_lesson.upload_video': '上传课时视频',
  'course_question.create': '新增课后习题',
  'course_question.update': '修改课后习题',
  'course_question.delete': '删除课后习题',
  'course_tag.create': '新建课程标签',
  'course_tag.update': '修改课程标签',
  'course_tag.delete': '删除课程标签',
  'course_teacher.create': '新建讲师',
  'course_teacher.update': '修改讲师',
  'course_teacher.delete': '删除讲师',
};

interface Filters {
  actor?: string;
  entity?: string;
  entity_id?: string;
  days?: [Dayjs | null, Dayjs | null] | null;
}

const roleLabel = (r: string) => STAFF_ROLE_LABELS[r as StaffRole] ?? r;
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** /admin/audit: every staff write, newest first, searchable by who, what and when (管理员). */
export default function AdminAuditPage() {
  const [query, setQuery] = useState<AuditQuery>({ page: 1, per: PER });
  const log = useAuditLog(query);
  const [form] = Form.useForm<Filters>();

  const search = (f: Filters) => {
    const [from, to] = f.days ?? [];
    setQuery({
      page: 1,
      per: PER,
      ...(f.actor?.trim() ? { actor: f.actor.trim() } : {}),
      ...(f.entity?.trim() ? { entity: f.entity.trim() } : {}),
      ...(f.entity_id?.trim() ? { entity_id: f.entity_id.trim() } : {}),
      ...(from ? { from: from.format('YYYY-MM-DD') } : {}),
      ...(to ? { to: to.format('YYYY-MM-DD') } : {}),
    });
  };

  return (
    <Card title="操作日志">
      <Form<Filters> form={form} layout="inline" onFinish={search} className="audit-log__filters">
        <Form.Item name="actor" label="操作人手机号">
          <Input allowClear maxLength={11} placeholder="手机号或其中几位" />
        </Form.Item>
        <Form.Item name="entity" label="对象类型">
          <Input allowClear maxLength={60} placeholder="如 user、invoice" />
        </Form.Item>
        <Form.Item name="entity_id" label="对象编号">
          <Input allowClear maxLength={60} />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setQuery({ page: 1, per: PER });
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        loading={log.isPending}
        dataSource={log.data?.list ?? []}
        style={{ marginTop: 16 }}
        pagination={{
          current: query.page,
          pageSize: PER,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
        expandable={{
          expandedRowRender: (e) => (
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="修改前">
                <pre className="audit-log__change">{json(e.before)}</pre>
              </Descriptions.Item>
              <Descriptions.Item label="修改后">
                <pre className="audit-log__change">{json(e.after)}</pre>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          {
            title: '时间',
            dataIndex: 'at',
            width: 180,
            render: (v: string) => new Date(v).toLocaleString('zh-CN'),
          },
          {
            title: '操作人',
            render: (_, e) => e.actor_phone ?? (e.actor_id === null ? '命令行' : '—'),
            width: 130,
          },
          {
            title: '角色',
            render: (_, e) => (
              <Space size={[4, 4]} wrap>
                {e.actor_roles.map((r) => (
                  <Tag key={r}>{roleLabel(r)}</Tag>
                ))}
              </Space>
            ),
          },
          { title: '操作', dataIndex: 'action', render: (v: string) => AUDIT_ACTION_LABELS[v] ?? v },
          { title: '对象', render: (_, e) => `${e.entity}${e.entity_id ? ` #${e.entity_id}` : ''}` },
          { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
