/**
 * Limits, statement lines and Chinese messages of the financial risk check (the tools area). The calculators'
 * own rules are the per-year data files under ./rules.
 */

/** Free reports per membership year for members (SPEC §9: 2 free risk-detection reports). */
export const RISK_FREE_REPORTS_PER_YEAR = 2;
/** A membership year: 365 days counted back from the membership end date. */
export const MEMBERSHIP_YEAR_DAYS = 365;
/** An uploaded template is at most 2 MB. */
export const RISK_TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;
export const RISK_COMPANY_NAME_MAX_LENGTH = 60;

/** The statement lines of the template, in its row order (row = index + 3 in the sheet). */
export const RISK_LINES = [
  { key: 'cash', label: '货币资金', statement: '资产负债表', signed: false },
  { key: 'receivables', label: '应收账款', statement: '资产负债表', signed: false },
  { key: 'inventory', label: '存货', statement: '资产负债表', signed: false },
  { key: 'currentAssets', label: '流动资产合计', statement: '资产负债表', signed: false },
  { key: 'totalAssets', label: '资产总计', statement: '资产负债表', signed: false },
  { key: 'currentLiabilities', label: '流动负债合计', statement: '资产负债表', signed: false },
  { key: 'totalLiabilities', label: '负债合计', statement: '资产负债表', signed: false },
  { key: 'equity', label: '所有者权益合计', statement: '资产负债表', signed: true },
  { key: 'revenue', label: '营业收入', statement: '利润表', signed: false },
  { key: 'cost', label: '营业成本', statement: '利润表', signed: false },
  { key: 'financeExpense', label: '财务费用', statement: '利润表', signed: true },
  { key: 'totalProfit', label: '利润总额', statement: '利润表', signed: true },
  { key: 'netProfit', label: '净利润', statement: '利润表', signed: true },
  { key: 'operatingCashFlow', label: '经营活动产生的现金流量净额', statement: '现金流量表', signed: true },
  { key: 'taxesPaid', label: '支付的各项税费', statement: '现金流量表', signed: false },
] as const;
export type RiskLineKey = (typeof RISK_LINES)[number]['key'];
export const RISK_LINE_KEYS = RISK_LINES.map((l) => l.key) as RiskLineKey[];

/** Template layout: company name in B1, industry tax burden in D1, header row 2, lines from row 3; B = 上年, C = 本年. */
export const RISK_TEMPLATE = {
  sheetName: '财务报表',
  companyCell: 'B1',
  industryRateCell: 'D1',
  headerRow: 2,
  firstLineRow: 3,
  priorColumn: 'B',
  currentColumn: 'C',
  priorHeader: '上年金额（元）',
  currentHeader: '本年金额（元）',
} as const;

export const RISK_REPORT_STATES = ['awaiting_payment', 'ready'] as const;
export type RiskReportState = (typeof RISK_REPORT_STATES)[number];
export const RISK_REPORT_STATE_LABELS: Record<RiskReportState, string> = {
  awaiting_payment: '待支付',
  ready: '已生成',
};
/** How a ready report was obtained. */
export const RISK_REPORT_SOURCES = ['member_free', 'paid'] as const;
export type RiskReportSource = (typeof RISK_REPORT_SOURCES)[number];
export const RISK_REPORT_SOURCE_LABELS: Record<RiskReportSource, string> = {
  member_free: '会员免费',
  paid: '付费',
};

export const toolsMessages = {
  companyRequired: '请输入企业名称',
  companyTooLong: `企业名称不能超过${RISK_COMPANY_NAME_MAX_LENGTH}个字`,
  reportNotFound: '报告不存在',
  reportNotReady: '报告尚未支付，支付完成后即可查看',
  reportAlreadyReady: '该报告已生成，无需支付',
  created: '报告已生成',
  awaitingPayment: '本次检测需付费，支付后生成报告',
  templateRequired: '请上传财务报表模板（.xlsx）',
  templateTooLarge: '模板文件不能超过2MB',
  templateUnreadable: '无法读取该文件，请上传平台提供的Excel模板（.xlsx）',
  templateInvalid: '模板内容有误，请按提示修改后重新上传',
  templateSheetMissing: `模板缺少“${RISK_TEMPLATE.sheetName}”工作表`,
} as const;
