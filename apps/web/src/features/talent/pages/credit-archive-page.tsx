import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Table } from 'antd';
import { CERTIFICATE_STATE_LABELS, type CreditYear } from '@app/contracts';
import { STAR_LEVELS, dictLabel } from '@app/contracts/common/dictionaries';
import { maskPhone } from '@app/contracts/common/format';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { chinaDate } from '@/shared/lib/china-time';
import { useCreditArchive } from '../api/use-talent';
import { ScrollCue, TABLE_SCROLLER, useTableScroll } from '@/shared/ui/scroll-cue';
import './credit-archive.css';

function YearCard({ y }: { y: CreditYear }) {
  const scroll = useTableScroll();
  return (
    <section className="credit-year" aria-label={`${y.year}年度`}>
      <h3 className="credit-year__title">{y.year}年度</h3>
      <dl className="credit-year__figures">
        <div>
          <dt>学习时长</dt>
          <dd>{formatLearnDuration(y.learn_seconds)}</dd>
        </div>
        <div>
          <dt>完成课程</dt>
          <dd>{y.finished_courses} 门</dd>
        </div>
        <div>
          <dt>获得证书</dt>
          <dd>{y.credentials.length} 项</dd>
        </div>
        <div>
          <dt>考试证书</dt>
          <dd>{y.certificates.length} 项</dd>
        </div>
        <div>
          <dt>星级评定</dt>
          <dd>{y.stars.length > 0 ? y.stars.map((s) => s.star_name).join('、') : '—'}</dd>
        </div>
      </dl>
      {y.credentials.length > 0 && (
        <ScrollCue label="证书列表" scroller={TABLE_SCROLLER}>
          <Table
            size="small"
            rowKey="id"
            scroll={scroll}
            pagination={false}
            className="credit-year__table"
            dataSource={y.credentials}
            columns={[
              { title: '证书名称', dataIndex: 'name' },
              { title: '发证机构', dataIndex: 'issuer' },
              { title: '发证日期', dataIndex: 'issued_on', width: 120 },
            ]}
          />
        </ScrollCue>
      )}
      {y.certificates.length > 0 && (
        <ScrollCue label="考试证书列表" scroller={TABLE_SCROLLER}>
          <Table
            size="small"
            rowKey="number"
            scroll={scroll}
            pagination={false}
            className="credit-year__table"
            aria-label={`${y.year}年度考试证书`}
            dataSource={y.certificates}
            columns={[
              { title: '考试证书', render: (_, c) => `${c.exam_name}证书` },
              { title: '证书编号', dataIndex: 'number' },
              { title: '发证日期', width: 120, render: (_, c) => chinaDate(c.issued_at) },
              { title: '状态', width: 90, render: (_, c) => CERTIFICATE_STATE_LABELS[c.state] },
            ]}
          />
        </ScrollCue>
      )}
      {y.stars.length > 0 && (
        <ul className="credit-year__stars">
          {y.stars.map((s) => (
            <li key={`${s.star_id}-${s.granted_at}`}>
              {chinaDate(s.granted_at)} 获评{s.star_name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /center/credit-archive (personal only): yearly learning record, printable on A4 (打印 -> window.print()). */
export default function CreditArchivePage() {
  const archive = useCreditArchive();
  if (archive.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (archive.isError) return <Empty description="学分档案加载失败" />;
  const a = archive.data;
  const name = a.user.real_name?.trim() || a.user.nickname?.trim() || '未填写';

  return (
    <article className="credit-archive" aria-label="学分档案">
      <header className="credit-archive__head">
        <div>
          <h2 className="credit-archive__title">学分档案</h2>
          <div className="credit-archive__who">
            <span>姓名：{name}</span>
            <span>手机号：{maskPhone(a.user.phone)}</span>
            <span>用户ID：{a.user.id}</span>
            <span>当前星级：{dictLabel(STAR_LEVELS, a.user.star_id) ?? '暂无星级'}</span>
          </div>
        </div>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          className="credit-archive__print no-print"
          onClick={() => window.print()}
        >
          打印
        </Button>
      </header>
      <dl className="credit-archive__totals">
        <div>
          <dt>累计学习时长</dt>
          <dd>{formatLearnDuration(a.total_learn_seconds)}</dd>
        </div>
        <div>
          <dt>累计完成课程</dt>
          <dd>{a.total_finished_courses} 门</dd>
        </div>
      </dl>
      {a.years.map((y) => (
        <YearCard key={y.year} y={y} />
      ))}
      {/* The day the archive was read, in China time (a render stays pure: no clock read here). */}
      <footer className="credit-archive__foot">打印日期：{chinaDate(archive.dataUpdatedAt)}</footer>
    </article>
  );
}
