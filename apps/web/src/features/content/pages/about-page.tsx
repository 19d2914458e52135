import { Skeleton, Timeline } from 'antd';
import { Link } from 'react-router';
import { useCommonData } from '../api/use-common-data';
import { useLearningBases } from '../api/articles-api';
import '../components/content.css';

const HISTORY = [
  { year: '2012年', text: '协会经民政部门登记成立，首批单位会员八十六家。' },
  { year: '2015年', text: '开展会计人员继续教育培训，当年培训学员逾两万人次。' },
  { year: '2018年', text: '上线在线学习平台，课程覆盖财务会计、税务和管理会计。' },
  { year: '2020年', text: '成立智库专家委员会，开设在线财税问答。' },
  { year: '2022年', text: '河南、河北、吉林、贵州、宁波、广西六个地区学习基地相继挂牌。' },
  { year: '2024年', text: '推出财会人才星级评价和考试认证，建立人才库服务用人单位。' },
];

const ORGANISATION = [
  { name: '会员代表大会', text: '协会最高权力机构，每年召开一次。' },
  { name: '理事会', text: '执行会员代表大会决议，领导协会日常工作。' },
  { name: '秘书处', text: '下设培训部、会员部、人才评价中心、研究部和信息中心。' },
  { name: '智库专家委员会', text: '由高校学者、注册会计师、税务师和企业财务负责人组成。' },
];

/** /aboutus: who the association is, how it is organised, its history and how to reach it. */
export default function AboutPage() {
  const common = useCommonData();
  const bases = useLearningBases();
  return (
    <div className="page-container cms-page">
      <section className="cms-banner">
        <h1>关于我们</h1>
        <p>
          协会是由财务管理工作者、企事业单位和院校自愿组成的全国性、非营利性社会组织，致力于财会人才的培养、评价与服务，
          为会员提供继续教育、实务培训、人才评价、专家咨询和就业对接等服务。
        </p>
      </section>
      <div className="cms-detail">
        <div>
          <section className="cms-card">
            <h2>组织机构</h2>
            <ul className="cms-steps">
              {ORGANISATION.map((o) => (
                <li key={o.name}>
                  <strong>{o.name}</strong>：{o.text}
                </li>
              ))}
            </ul>
          </section>
          <section className="cms-card cms-section">
            <h2>发展历程</h2>
            <Timeline className="cms-timeline" items={HISTORY.map((h) => ({ content: <><strong>{h.year}</strong> {h.text}</> }))} />
          </section>
          <section className="cms-card cms-section">
            <h2>学习基地</h2>
            {!bases.data ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <ul className="cms-steps">
                {bases.data.map((b) => (
                  <li key={b.code}>
                    <Link to={`/learnBase?base=${b.code}`}>{b.name}</Link>：{b.address}，{b.phone}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="cms-side" aria-label="联系我们">
          <h2>联系我们</h2>
          {!common.data ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : (
            <dl className="cms-base-contact">
              <dt>电话</dt>
              <dd>{common.data.contact_phones.join('、')}</dd>
              <dt>时间</dt>
              <dd>工作日 {common.data.working_hours}</dd>
              <dt>邮箱</dt>
              <dd>{common.data.mailbox && <a href={`mailto:${common.data.mailbox}`}>{common.data.mailbox}</a>}</dd>
            </dl>
          )}
          <p className="cms-section">
            <Link to="/projectCooperate">项目合作洽谈</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
