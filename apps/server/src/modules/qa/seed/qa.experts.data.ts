import type { ExpertProfileInput } from '../../content';

export interface DemoExpert {
  phone: string;
  profile: ExpertProfileInput;
  /** Q&A categories the expert account answers. */
  categories: string[];
}

/** Think-tank experts with demo expert accounts (README lists the phones; password demo_1234). */
export const DEMO_EXPERTS: DemoExpert[] = [
  {
    phone: '13700137001',
    categories: ['个人所得税', '企业所得税', '其他'],
    profile: {
      name: '陈立文',
      title: '注册税务师、高级会计师',
      organisation: '中原财税研究院',
      photo: null,
      fields: ['个人所得税', '企业所得税', '税收筹划'],
      introduction:
        '从事税务咨询与税务师事务所管理工作二十余年，长期为制造业和科技型中小企业提供所得税汇算、研发费用加计扣除与税务风险诊断服务，曾参与多地税务机关纳税服务培训。',
      works: [
        '《企业所得税汇算清缴实务与案例》',
        '《个人所得税专项附加扣除操作指引》',
        '科技型中小企业研发费用归集课题',
      ],
      sort: 1,
    },
  },
  {
    phone: '13700137002',
    categories: ['会计处理', '财务管理'],
    profile: {
      name: '林静',
      title: '中国注册会计师、会计学博士',
      organisation: '华信会计师事务所',
      photo: null,
      fields: ['会计处理', '企业会计准则', '财务报表审计'],
      introduction:
        '会计师事务所合伙人，主持过多家拟上市公司和国有企业的年报审计，擅长收入、租赁、金融工具等准则的落地应用，兼任高校会计硕士专业学位校外导师。',
      works: ['《新收入准则下的合同识别与履约义务》', '《企业数据资源入表实务》'],
      sort: 2,
    },
  },
  {
    phone: '13700137003',
    categories: ['社保公积金', '个人所得税'],
    profile: {
      name: '赵明远',
      title: '高级经济师、企业人力资源管理师（一级）',
      organisation: '北方人力资源服务集团',
      photo: null,
      fields: ['社保公积金', '薪酬个税', '劳动用工合规'],
      introduction:
        '深耕薪酬福利与社保公积金管理十八年，熟悉各地缴费基数、转移接续和工伤认定实务，为百余家企业设计过薪酬与用工合规方案。',
      works: ['《企业社保公积金合规手册》', '《薪酬个税一体化管理》'],
      sort: 3,
    },
  },
  {
    phone: '13700137004',
    categories: ['增值税', '其他'],
    profile: {
      name: '周雅琴',
      title: '注册税务师',
      organisation: '江南税务师事务所',
      photo: null,
      fields: ['增值税', '发票管理', '出口退税'],
      introduction:
        '曾在基层税务机关从事货物劳务税管理工作，后执业于税务师事务所，熟悉增值税抵扣、留抵退税和数电发票业务，为商贸、物流和建筑企业提供流转税咨询。',
      works: ['《增值税进项抵扣百问》', '《全面数字化电子发票应用指南》'],
      sort: 4,
    },
  },
  {
    phone: '13700137005',
    categories: ['财务管理', '会计处理'],
    profile: {
      name: '王建国',
      title: '正高级会计师',
      organisation: '豫能控股集团财务共享中心',
      photo: null,
      fields: ['财务管理', '全面预算', '资金管理', '管理会计'],
      introduction:
        '大型企业集团财务总监，牵头建设集团财务共享中心和资金集中管理平台，在全面预算、成本管控和管理会计报告方面有丰富实践经验，入选全国会计领军人才。',
      works: ['《集团企业全面预算管理实践》', '《财务共享服务中心建设路径》'],
      sort: 5,
    },
  },
  {
    phone: '13700137006',
    categories: ['企业所得税', '增值税', '其他'],
    profile: {
      name: '孙晓峰',
      title: '律师、注册税务师',
      organisation: '正衡律师事务所',
      photo: null,
      fields: ['税务争议', '企业所得税', '增值税', '税收征管'],
      introduction:
        '专注财税法律服务，代理过多起税务行政复议与诉讼案件，擅长企业重组、股权转让及关联交易的税务处理，为企业提供税务稽查应对咨询。',
      works: ['《税务稽查应对与争议解决》', '《企业重组税务处理实务》'],
      sort: 6,
    },
  },
  {
    phone: '13700137007',
    categories: ['个人所得税', '社保公积金', '其他'],
    profile: {
      name: '刘思远',
      title: '中国注册会计师、税务师',
      organisation: '长河财务咨询有限公司',
      photo: null,
      fields: ['个人所得税', '个体工商户税收', '社保公积金'],
      introduction:
        '长期为个体工商户、小微企业和自由职业者提供财税代理与咨询服务，熟悉经营所得、劳务报酬和个人所得税综合所得汇算的实务问题。',
      works: ['《小微企业和个体工商户税费优惠指引》'],
      sort: 7,
    },
  },
];
