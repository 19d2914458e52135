/** The area entry cards of home, each linking to its route (two rows of six on a desktop). */
export interface HomeArea {
  key: string;
  title: string;
  desc: string;
  to: string;
  color: string;
}

export const HOME_AREAS: readonly HomeArea[] = [
  { key: 'train', title: '课程中心', desc: '财务、税务与管理精品课程', to: '/train', color: '#1f5fbf' },
  { key: 'evaluate', title: '考试认证', desc: '专业能力测评与证书认证', to: '/evaluate', color: '#2e9d5b' },
  { key: 'studentServe', title: '学员服务', desc: '学员卡办理与学习服务', to: '/studentServe', color: '#e8951c' },
  { key: 'expert', title: '智库专家', desc: '行业专家资源与专业指导', to: '/expertDatabase', color: '#7a4fd6' },
  { key: 'quiz', title: '在线问答', desc: '财税问题专家在线解答', to: '/quiz', color: '#0f9fb5' },
  { key: 'job', title: '招聘求职', desc: '财务人才招聘与求职平台', to: '/jobDetail', color: '#d4380d' },
  { key: 'learnBase', title: '学习基地', desc: '各地学习基地与线下活动', to: '/learnBase', color: '#13a8a8' },
  { key: 'tool', title: '智能工具', desc: '实用财务计算与分析工具', to: '/financeTool', color: '#2f54eb' },
  { key: 'case', title: '案例库', desc: '企业财务管理典型案例', to: '/caseDatabase', color: '#c41d7f' },
  { key: 'news', title: '新闻资讯', desc: '行业动态与协会最新消息', to: '/newsInformation', color: '#597ef7' },
  { key: 'live', title: '名师直播', desc: '名师直播课堂与精彩回放', to: '/center/master-live', color: '#cf1322' },
  { key: 'magazine', title: '电子杂志', desc: '每月一期财务管理期刊', to: '/center/magazine', color: '#08979c' },
];

/**
 * 关怀模式's home: the main entries only, as big tiles (互联网应用适老化: the essential services first, nothing that moves
 * or crowds). Names as in the header and the personal centre.
 */
export const CARE_HOME_ENTRIES: readonly HomeArea[] = [
  { key: 'train', title: '课程中心', desc: '观看财务课程', to: '/train', color: '#1f5fbf' },
  { key: 'evaluate', title: '考试认证', desc: '报名考试、查询证书', to: '/evaluate', color: '#1f7a45' },
  { key: 'quiz', title: '在线问答', desc: '向专家提财税问题', to: '/quiz', color: '#0b6e7e' },
  { key: 'job', title: '招聘求职', desc: '找工作、招人才', to: '/jobDetail', color: '#b3300a' },
  { key: 'magazine', title: '电子杂志', desc: '每月一期财务期刊', to: '/center/magazine', color: '#07676b' },
  { key: 'live', title: '名师直播', desc: '直播课堂与回放', to: '/center/master-live', color: '#a8101e' },
  { key: 'tool', title: '智能工具', desc: '财务计算工具', to: '/financeTool', color: '#2444b8' },
  { key: 'centre', title: '学员中心', desc: '我的课程、证书与设置', to: '/center', color: '#6b3fc2' },
];

/** Membership benefits (GLOSSARY-zh.md "Membership benefits"), shown as the home teaser. */
export const MEMBER_BENEFITS: readonly string[] = [
  '每年免费直播课6次',
  '每年120门财务类、60门非财务类线上课程',
  '专家财税答疑2个工作日内回复',
  '2次免费风险检测报告',
  '每月一期电子杂志',
  '1次免费职业测评',
];
