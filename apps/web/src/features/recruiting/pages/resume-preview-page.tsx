import { Alert, Button, Descriptions, Result, Skeleton, Space, Table, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Resume } from '@app/contracts';
import { GENDERS, JOB_PROFIT_TYPES, POLITICAL_STATUSES, dictLabel } from '@app/contracts/common/dictionaries';
import { maskedName } from '@app/contracts/recruiting/recruiting.rules';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { PoolModal } from '../components/pool-modal';
import {
  cityText,
  dateText,
  dateTimeText,
  educationText,
  levelText,
  salaryBandText,
  starText,
} from '../lib/format';
import { cardColumns } from '@/shared/lib/card-columns';
import '../components/recruiting.css';

function ResumeView({ resume }: { resume: Resume }) {
  const [pooling, setPooling] = useState(false);
  const { portrait: p, verified_study: v, application: a } = resume;
  const u = p.user_info;
  const job = p.user_apply_job;
  const displayName =
    resume.masked && !a
      ? maskedName(job?.name ?? u.real_name, job?.sex ?? u.gender)
      : (job?.name ?? u.real_name ?? u.nickname ?? '求职者');
  return (
    <>
      <section className="rc-section">
        <div className="rc-toolbar">
          <div>
            <h2 style={{ fontSize: 22, margin: 0 }}>{displayName}</h2>
            <Space wrap style={{ marginTop: 6 }}>
              <Tag color="gold">{starText(u.star_id)}</Tag>
              {u.is_member && <Tag color="red">会员</Tag>}
              {a && (
                <Tag color="blue">
                  投递：{a.post.title}（{a.status_label}）
                </Tag>
              )}
            </Space>
          </div>
          <Space>
            {resume.pool_id === null ? (
              <Button type="primary" onClick={() => setPooling(true)}>
                加入人才库
              </Button>
            ) : (
              <Link to="/center/talent-pool">
                <Button>已在人才库</Button>
              </Link>
            )}
          </Space>
        </div>
        {resume.masked && (
          <Alert
            type="info"
            showIcon
            style={{ margin: '12px 0' }}
            message={
              a
                ? '求职者接受面试邀请后，可查看完整手机号和身份证号。'
                : '公开画像：联系方式已隐藏，可邀请其投递职位后联系。'
            }
          />
        )}
        <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" style={{ marginTop: 12 }}>
          <Descriptions.Item label="性别">
            {dictLabel(GENDERS, job?.sex ?? u.gender ?? -1) ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label="手机号">{u.phone}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{u.id_number ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="政治面貌">
            {dictLabel(POLITICAL_STATUSES, u.political_status ?? -1) ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label="工作单位">{u.work_unit ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="职位层级">
            {u.position_level ? levelText(u.position_level) : '—'}
          </Descriptions.Item>
          {job && (
            <Descriptions.Item label="意向职位">{job.positions.replaceAll(',', '、')}</Descriptions.Item>
          )}
          {job && <Descriptions.Item label="意向地区">{cityText(job.citys)}</Descriptions.Item>}
          {job && <Descriptions.Item label="期望薪资">{salaryBandText(job.salary)}</Descriptions.Item>}
        </Descriptions>
        {a?.interview_at && (
          <p className="rc-muted">
            面试安排：{dateTimeText(a.interview_at)}，{a.interview_place}
            {a.interview_accepted ? '（已接受）' : '（待接受）'}
          </p>
        )}
      </section>

      <section className="rc-section rc-verified" aria-label="平台认证学习记录">
        <h2>
          <SafetyCertificateOutlined style={{ color: '#389e0d' }} /> 平台认证学习记录
          <Tag color="green" style={{ marginLeft: 8 }}>
            由平台核验
          </Tag>
        </h2>
        <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small">
          <Descriptions.Item label="星级">{starText(v.star_id)}</Descriptions.Item>
          <Descriptions.Item label="近12个月学习时长">{formatLearnDuration(v.learn_seconds_12m)}</Descriptions.Item>
          <Descriptions.Item label="累计学习时长">{formatLearnDuration(v.total_learn_seconds)}</Descriptions.Item>
        </Descriptions>
        <div style={{ marginTop: 8 }}>
          已完成课程（{v.finished_courses.length}）：
          {v.finished_courses.length === 0 ? (
            <span className="rc-muted">暂无</span>
          ) : (
            v.finished_courses.map((c) => <Tag key={c.id}>{c.title}</Tag>)
          )}
        </div>
        <div style={{ marginTop: 8 }}>
          考试证书（{v.certificates.length}）：
          {v.certificates.length === 0 ? (
            <span className="rc-muted">暂无</span>
          ) : (
            <ul className="rc-certificates">
              {v.certificates.map((c) => (
                <li key={c.number}>
                  <a href={`/certificate/${encodeURIComponent(c.number)}`} target="_blank" rel="noopener noreferrer">
                    {c.exam_name}
                  </a>{' '}
                  <span className="rc-muted">
                    证书编号 {c.number}，有效期至 {dateText(c.valid_until)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      {resume.attachment && (
        <section className="rc-section">
          <h2>附件简历</h2>
          <Button onClick={() => void recruitingApi.openFile(resume.attachment!.url)}>
            {resume.attachment.file_name}
          </Button>
        </section>
      )}

      <section className="rc-section">
        <h2>教育经历</h2>
        {p.customer_edus.length === 0 ? (
          <span className="rc-muted">暂无</span>
        ) : (
          <Table
            className="rc-card-table"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={p.customer_edus}
            columns={cardColumns<Resume['portrait']['customer_edus'][number]>([
              { title: '学校', dataIndex: 'school' },
              { title: '专业', dataIndex: 'major' },
              { title: '学历', key: 'd', render: (_, e) => educationText(e.degree) },
              { title: '时间', key: 't', render: (_, e) => `${e.start_date} 至 ${e.end_date ?? '在读'}` },
            ])}
          />
        )}
      </section>
      <section className="rc-section">
        <h2>工作经历</h2>
        {p.customer_jobs.length === 0 ? (
          <span className="rc-muted">暂无</span>
        ) : (
          <Table
            className="rc-card-table"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={p.customer_jobs}
            columns={cardColumns<Resume['portrait']['customer_jobs'][number]>([
              { title: '单位', dataIndex: 'company' },
              { title: '职务', dataIndex: 'position' },
              { title: '层级', key: 'l', render: (_, j) => levelText(j.position_level) },
              { title: '时间', key: 't', render: (_, j) => `${j.start_date} 至 ${j.end_date ?? '至今'}` },
              { title: '工作内容', dataIndex: 'duties', render: (d: string | null) => d ?? '—' },
            ])}
          />
        )}
      </section>
      <section className="rc-section">
        <h2>证书</h2>
        {p.credentials.length === 0 ? (
          <span className="rc-muted">暂无</span>
        ) : (
          <Table
            className="rc-card-table"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={p.credentials}
            columns={cardColumns<Resume['portrait']['credentials'][number]>([
              { title: '证书名称', dataIndex: 'name' },
              { title: '发证机构', dataIndex: 'issuer' },
              { title: '发证日期', dataIndex: 'issued_on' },
              {
                title: '扫描件',
                key: 'a',
                render: (_, c) =>
                  c.attachment ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void recruitingApi.openFile(c.attachment!.url)}
                    >
                      查看
                    </Button>
                  ) : (
                    '—'
                  ),
              },
            ])}
          />
        )}
      </section>
      <section className="rc-section">
        <h2>奖励与成果</h2>
        {p.job_profits.length + p.papers.length === 0 ? (
          <span className="rc-muted">暂无</span>
        ) : (
          <ul>
            {p.job_profits.map((j) => (
              <li key={`p${j.id}`}>
                {j.title}（{dictLabel(JOB_PROFIT_TYPES, j.profit_type)}，{j.issuer}，{dateText(j.awarded_on)}
                ）
              </li>
            ))}
            {p.papers.map((x) => (
              <li key={`x${x.id}`}>
                论文《{x.title}》，{x.publication}，{dateText(x.published_on)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {pooling && (
        <PoolModal
          userId={u.id}
          name={displayName}
          source={a ? 'application' : 'query'}
          onClose={() => setPooling(false)}
        />
      )}
    </>
  );
}

/** /center/recruitment/resumePreview?id= (an application) or ?user_id= (a public portrait from query or the pool). */
export default function ResumePreviewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const userId = Number(params.get('user_id')) || 0;
  const resume = useQuery({
    queryKey: recruitingKeys.resume(id ? 'application' : 'talent', id || userId),
    queryFn: () => (id ? recruitingApi.resume(id) : recruitingApi.talentResume(userId)),
    enabled: id > 0 || userId > 0,
    retry: false,
  });
  let body;
  if (!id && !userId) body = <Result status="404" title="未指定要查看的简历" />;
  else if (resume.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (resume.isError)
    body = (
      <Result
        status="404"
        title="简历不存在，或该用户已隐藏画像"
        extra={
          <Link to="/center/applyJob">
            <Button>返回收到的简历</Button>
          </Link>
        }
      />
    );
  else body = <ResumeView resume={resume.data} />;
  return (
    <div className="rc-centre">
      <h2 className="rc-page__title">简历预览</h2>
      {body}
    </div>
  );
}
