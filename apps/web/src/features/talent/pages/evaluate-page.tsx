import { StarFilled } from '@ant-design/icons';
import { Button, Card, Skeleton, Steps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { useExamTypes, useStars } from '../api/use-talent';
import './evaluation.css';

const PROCESS = [
  { title: '申请', content: '选择要申请的星级' },
  { title: '提交材料', content: '填写申请说明，提交证书与测评材料' },
  { title: '审核', content: '协会工作人员审核材料' },
  { title: '结果', content: '在“我的测评”查看结果，通过后获得星级' },
];

/**
 * /evaluate: the star-level evaluation explained (levels 1-5 with their requirements from GET /api/stars, the
 * process) and the way in: /center/evaluation (the centre's login guard sends visitors to log in first).
 */
export default function EvaluatePage() {
  const stars = useStars();
  const examTypes = useExamTypes();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const apply = () => void navigate('/center/evaluation');

  return (
    <div className="page-container evaluate">
      <section className="evaluate__hero">
        <h1>人才星级评价</h1>
        <p>
          星级评价依据学员的学习时长、完成课程、资格证书与从业经历，由协会对财务人才的专业能力进行综合认定，分为一星至五星五个等级。星级展示在个人中心与人才画像中，是企业选才的重要参考。
        </p>
        <Button type="primary" size="large" onClick={apply}>
          申请星级评价
        </Button>
      </section>

      <Card className="evaluate__card" title={<h2 className="evaluate__h2">考试认证</h2>}>
        <p>通过协会组织的在线考试，成绩合格即获颁证书；证书可下载PDF与电子凭证，并可扫码公开查验。</p>
        <ul className="evaluate__exams" aria-label="考试项目">
          {(examTypes.data ?? []).map((t) => (
            <li key={t.id}>
              <Link to={`/examNotice/${encodeURIComponent(t.type_name)}`}>{t.name}</Link>
              <span>{t.summary}</span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className="evaluate__card" title={<h2 className="evaluate__h2">评价流程</h2>}>
        {/* Side by side on a desk, one under another on a phone (the server draws the desk row, see useIsPhone). */}
        <Steps items={PROCESS} responsive={false} orientation={isPhone ? 'vertical' : 'horizontal'} />
      </Card>

      <Card className="evaluate__card" title={<h2 className="evaluate__h2">星级与申请条件</h2>}>
        {stars.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : stars.isError ? (
          <p className="evaluate__error">星级说明加载失败，请刷新重试</p>
        ) : (
          <ol className="evaluate__levels" aria-label="星级与申请条件">
            {stars.data.map((s) => (
              <li key={s.id} className="evaluate__level">
                <div className="evaluate__level-head">
                  <span className="evaluate__stars" aria-hidden="true">
                    {Array.from({ length: s.id }, (_, i) => (
                      <StarFilled key={i} />
                    ))}
                  </span>
                  <strong>{s.name}</strong>
                </div>
                <p className="evaluate__req">{s.requirements}</p>
                <ul className="evaluate__mins">
                  <li>学习时长不少于 {s.min_learn_hours} 小时</li>
                  <li>完成课程不少于 {s.min_finished_courses} 门</li>
                  <li>资格证书不少于 {s.min_credentials} 项</li>
                </ul>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
