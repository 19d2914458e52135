// Content the site ships with: learning-base pages, service guides, topic pages, and think-tank experts without
// a Q&A account (the Q&A seed adds the seven who answer questions).
import type { ExpertProfileInput } from '../content.experts';

export const MORE_EXPERTS: ExpertProfileInput[] = [
  {
    name: '郑海燕',
    title: '正高级会计师',
    organisation: '冀中能源集团财务公司',
    photo: null,
    fields: ['管理会计', '全面预算', '资金管理'],
    introduction: '长期从事大型国有企业集团资金集中管理和全面预算管理工作，主持建设集团司库体系，曾获省级会计领军人才称号。',
    works: ['《企业集团司库体系建设实务》', '《全面预算管理与绩效评价》'],
    sort: 8,
  },
  {
    name: '黄志诚',
    title: '中国注册会计师、注册资产评估师',
    organisation: '甬江会计师事务所',
    photo: null,
    fields: ['财务报表审计', '资产评估', '并购重组'],
    introduction: '从事审计和评估工作近二十年，参与多家上市公司重大资产重组项目，熟悉外贸和制造业企业的审计实务。',
    works: ['《企业并购中的财务尽职调查》', '《资产评估实务案例精选》'],
    sort: 9,
  },
  {
    name: '吴秀兰',
    title: '会计学教授、博士生导师',
    organisation: '西南财经类高校会计学院',
    photo: null,
    fields: ['企业会计准则', '会计教育', '内部控制'],
    introduction: '主要研究企业会计准则和内部控制评价，主持国家社会科学基金项目两项，长期参与会计专业技术资格考试命题研究。',
    works: ['《内部控制评价理论与实务》', '《中级财务会计》（主编）'],
    sort: 10,
  },
  {
    name: '高明',
    title: '高级经济师、数字化转型顾问',
    organisation: '北辰数字财务研究中心',
    photo: null,
    fields: ['财务数字化', '财务共享', '数据分析'],
    introduction: '曾任大型制造集团财务共享中心负责人，主导多个财务共享和智能财务项目落地，擅长流程再造与财务数据分析。',
    works: ['《财务共享服务中心建设指南》', '《智能财务：从自动化到数据驱动》'],
    sort: 11,
  },
  {
    name: '韦丽萍',
    title: '注册税务师、国际税务师',
    organisation: '南宁东盟财税服务中心',
    photo: null,
    fields: ['跨境税务', '出口退税', '转让定价'],
    introduction: '专注中国—东盟跨境贸易与投资税务服务，熟悉东盟各国税制和税收协定，为百余家企业提供过跨境税务咨询。',
    works: ['《中国—东盟跨境投资税务指引》', '《出口退税操作实务》'],
    sort: 12,
  },
];

export const LEARNING_BASE_PAGES: Record<string, { introduction: string; address: string; phone: string; contact: string }> = {
  henan: {
    introduction: '河南学习基地依托中原地区制造业和农业食品产业集群，面向省内企业财务人员开展继续教育、成本管理和税务实务培训，设有两个标准化培训教室和一个业财融合实训室，年培训能力三千人次。',
    address: '河南省郑州市郑东新区商务内环路17号财经大厦8层',
    phone: '0371-65501234',
    contact: '基地办公室 张老师',
  },
  hebei: {
    introduction: '河北学习基地立足京津冀协同发展，重点开展管理会计、国有企业财务管理和内部控制培训，与省内多所高校建立了实训合作关系。',
    address: '河北省石家庄市长安区中山东路298号7层',
    phone: '0311-85672345',
    contact: '基地办公室 李老师',
  },
  jilin: {
    introduction: '吉林学习基地服务东北老工业基地振兴，与长春新区共建财务共享人才实训中心，重点培养财务共享、汽车制造业成本管理方向的人才。',
    address: '吉林省长春市南关区人民大街5688号12层',
    phone: '0431-88913456',
    contact: '基地办公室 王老师',
  },
  guizhou: {
    introduction: '贵州学习基地面向乡村振兴和大数据产业，开展村集体经济组织财务、合作社会计和数字财务培训，常年组织公益讲座送课下乡。',
    address: '贵州省贵阳市观山湖区林城西路95号6层',
    phone: '0851-84764567',
    contact: '基地办公室 杨老师',
  },
  ningbo: {
    introduction: '宁波学习基地服务长三角外向型经济，重点开展出口退税、外汇管理和跨境电商财税培训，与港口物流企业合作开发实务课程。',
    address: '浙江省宁波市鄞州区天童南路588号9层',
    phone: '0574-87125678',
    contact: '基地办公室 陈老师',
  },
  guangxi: {
    introduction: '广西学习基地面向中国—东盟开放合作，开展跨境税务、国际结算和边境贸易财务培训，定期举办中国—东盟财会人才交流活动。',
    address: '广西壮族自治区南宁市青秀区民族大道136号10层',
    phone: '0771-55316789',
    contact: '基地办公室 韦老师',
  },
};

export const SERVICE_GUIDES = [
  {
    title: '证书查验',
    summary: '凭证书编号查验协会考试认证证书的真伪和持证人信息。',
    link: '/studentServe',
    steps: ['打开“学员服务”页面', '在“证书查验”中输入证书上的编号', '点击“查验”，查看证书状态、持证人和发证日期', '也可以用手机扫描证书上的二维码直接查验'],
    materials: ['证书编号（印在证书右下角）'],
    faq: [
      { q: '查验显示证书不存在怎么办？', a: '请核对编号是否输入完整；仍无法查到的，拨打服务电话由工作人员核实。' },
      { q: '证书遗失可以补办吗？', a: '可以，电子证书可在“个人中心—在线考试”中重新下载。' },
    ],
  },
  {
    title: '学分档案',
    summary: '查看继续教育学分、学习时长和课程完成情况。',
    link: '/center/credit-archive',
    steps: ['登录后进入“个人中心—学分档案”', '按年度查看已完成课程和获得的学时', '对学时有疑问的，通过“联系我们”提交核查申请'],
    materials: ['本人注册手机号'],
    faq: [
      { q: '学完课程后学时多久登记？', a: '课程全部课时学完后即时登记。' },
      { q: '学分可以结转到下一年吗？', a: '根据财会〔2018〕10号规定，当年度学分不得结转以后年度。' },
    ],
  },
  {
    title: '发票申请',
    summary: '为已支付的课程和会员订单申请增值税电子普通发票或专用发票。',
    link: '/center/invoice',
    steps: ['进入“个人中心—我的订单”，选择已支付订单', '点击“申请发票”，选择发票类型并填写抬头和税号', '提交后在“发票管理”中查看开票进度', '开票完成后下载电子发票'],
    materials: ['单位名称和统一社会信用代码', '申请专用发票的，另需开户行、账号、地址和电话'],
    faq: [
      { q: '发票多久能开出来？', a: '一般在提交后3个工作日内开具。' },
      { q: '发票抬头写错了怎么办？', a: '发票开具前可撤回修改；已开具的，可申请红冲后重新开具。' },
    ],
  },
  {
    title: '帮助中心',
    summary: '账号、学习、测评等常见问题的解答。',
    link: '/help-center',
    steps: ['打开“帮助中心”', '按用户指南、学员指南、测评指南分类查找问题', '未找到答案的，拨打页面底部服务电话'],
    materials: ['无需准备材料'],
    faq: [{ q: '帮助中心没有我的问题怎么办？', a: '可拨打服务电话或发送邮件，工作人员在一个工作日内回复。' }],
  },
  {
    title: '更换手机号',
    summary: '更换账号绑定的手机号，学习记录和订单不受影响。',
    link: '/center/setting',
    steps: ['登录后进入“个人中心—账号设置”', '选择“更换手机号”，用原手机号接收验证码', '输入新手机号并填写新收到的验证码', '提交后使用新手机号登录'],
    materials: ['原手机号（接收验证码）', '新手机号'],
    faq: [
      { q: '原手机号已停用怎么办？', a: '请拨打服务电话，工作人员核实身份后协助更换。' },
      { q: '新手机号已注册过账号怎么办？', a: '一个手机号只能绑定一个账号，请先注销或更换另一个账号的手机号。' },
    ],
  },
  {
    title: '联系我们',
    summary: '服务电话、工作时间和各地学习基地的联系方式。',
    link: '/aboutus',
    steps: ['查看“关于我们”页面底部的联系方式', '工作日9:00-17:00拨打服务电话', '地区事务可直接联系所在地学习基地'],
    materials: ['咨询订单问题时请准备订单号'],
    faq: [{ q: '节假日可以联系客服吗？', a: '节假日可通过站内消息留言，工作人员在下一个工作日回复。' }],
  },
];

export const TOPICS = [
  {
    type: 'tax-policy',
    title: '减税降费政策专题',
    banner: null,
    intro: '汇集小微企业、研发费用加计扣除、个人所得税专项附加扣除等减税降费政策的原文要点、解读和企业案例，帮助财务人员准确享受优惠。',
    tag: '税收优惠',
  },
  {
    type: 'digital-finance',
    title: '财务数字化转型专题',
    banner: null,
    intro: '从财务共享、数电发票到数据资源入表，梳理财务数字化转型的政策要求和企业实践。',
    tag: '数字化转型',
  },
];

/** Home banners (text banners leading to the topic pages and the cooperation page). */
export const BANNERS = [
  { title: '减税降费政策专题', subtitle: '小微企业、研发费用加计扣除、个税专项附加扣除政策要点与案例', link: '/publicityPage/tax-policy' },
  { title: '财务数字化转型专题', subtitle: '财务共享、数电发票与数据资源入表的政策和企业实践', link: '/publicityPage/digital-finance' },
  { title: '企业内训与院校合作', subtitle: '定制课程、共建学习基地、人才推荐，欢迎洽谈', link: '/projectCooperate' },
];
