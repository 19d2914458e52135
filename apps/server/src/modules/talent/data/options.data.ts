import type { AttachmentDic, OptionLeaf, OptionNode, Star } from '@app/contracts';

const node = (id: number, name: string, children: string[]): OptionNode => ({
  id,
  name,
  sub_arr: children.map((n, i) => ({ id: id * 100 + i + 1, name: n })),
});

/** Finance position tree (category > positions). Position names are unique across the tree. */
export const POSITIONS: OptionNode[] = [
  node(1, '财务管理', ['首席财务官', '财务总监', '财务经理', '财务主管', '财务专员']),
  node(2, '会计核算', ['总账会计', '成本会计', '往来会计', '费用会计', '税务会计', '会计助理']),
  node(3, '税务', ['税务经理', '税务主管', '税务专员', '税务筹划师']),
  node(4, '审计', ['审计经理', '内部审计', '外部审计', '审计助理']),
  node(5, '出纳', ['出纳主管', '出纳员']),
  node(6, '资金管理', ['资金经理', '资金专员', '融资经理', '投资经理']),
  node(7, '内控风控', ['内控经理', '风控经理', '合规专员', '风险分析师']),
  node(8, '财务分析', ['财务分析经理', '财务分析师', '经营分析师']),
  node(9, '预算管理', ['预算经理', '预算专员']),
  node(10, '管理会计', ['管理会计师', '业财融合经理', '成本控制经理']),
  node(11, '财务共享与信息化', ['财务共享中心经理', '财务系统实施顾问', '财务数据分析师']),
];

export const INDUSTRIES: OptionLeaf[] = [
  '制造业',
  '金融业',
  '房地产',
  '建筑业',
  '批发和零售',
  '信息技术',
  '互联网',
  '交通运输',
  '能源与公用事业',
  '医药健康',
  '教育培训',
  '文化传媒',
  '住宿和餐饮',
  '农林牧渔',
  '咨询与专业服务',
  '会计师事务所',
  '政府与公共事业',
  '其他',
].map((name, i) => ({ id: i + 1, name }));

/** Kinds of evaluation materials. */
export const ATTACHMENT_DICS: AttachmentDic[] = [
  { id: 1, name: '学历证书', description: '最高学历毕业证书扫描件' },
  { id: 2, name: '学位证书', description: '学位证书扫描件' },
  { id: 3, name: '职称证书', description: '会计、审计、经济等专业技术资格证书' },
  { id: 4, name: '职业资格证书', description: 'CPA、CMA、ACCA、税务师等职业资格证书' },
  { id: 5, name: '工作证明', description: '单位出具的在职或工作经历证明' },
  { id: 6, name: '获奖证明', description: '奖励证书或表彰文件' },
  { id: 7, name: '论文成果', description: '已发表论文、课题或著作的首页及目录' },
  { id: 8, name: '其他材料', description: '其他能证明专业能力的材料' },
];

/** Star levels with their requirements; staff check them against the figures recorded with each application. */
export const STARS: Star[] = [
  { id: 1, name: '一星', min_learn_hours: 10, min_finished_courses: 2, min_credentials: 0 },
  { id: 2, name: '二星', min_learn_hours: 30, min_finished_courses: 5, min_credentials: 1 },
  { id: 3, name: '三星', min_learn_hours: 60, min_finished_courses: 10, min_credentials: 2 },
  { id: 4, name: '四星', min_learn_hours: 120, min_finished_courses: 20, min_credentials: 3 },
  { id: 5, name: '五星', min_learn_hours: 200, min_finished_courses: 30, min_credentials: 4 },
].map((s) => ({
  ...s,
  requirements:
    `累计学习时长不少于${s.min_learn_hours}小时，完成课程不少于${s.min_finished_courses}门` +
    (s.min_credentials > 0 ? `，持有专业证书不少于${s.min_credentials}项` : '') +
    '，并提交相应测评材料。',
}));

export function starName(id: number): string {
  return STARS.find((s) => s.id === id)?.name ?? '';
}
