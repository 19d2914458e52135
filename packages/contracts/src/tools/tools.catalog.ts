/**
 * The finance tools: each calculator reads its fields, validates them with Chinese messages, computes with the
 * pure functions of this folder and describes the result (summary, tables, working, legal basis, tax year).
 * Runs the same in the browser and on the server.
 */
import { D, fenToYuan, pct, yuan } from './money';
import { InputReader } from './reader';
import { LATEST_TAX_YEAR, TAX_RULES, currentRules, rulesForYear, sourceOf, staleRulesWarning } from './rules';
import type { SourceNotice, TaxRules } from './rules/types';
import { annualReconciliation, compareBonus, cumulativeWithholding, specialDeductions, type ElderlyChoice, type HousingChoice, type Share, type WageMonth } from './iit';
import { corporateIncomeTax, ratesOfCity, smallScaleVat, socialInsurance, vatFromExclusive, vatFromInclusive, type SocialRates } from './business';
import { depreciation, irr, loanSchedule, npv, payback, prepayLoan, xirr, xnpv, type DepreciationMethod, type DatedFlow, type LoanMethod } from './finance';
import type { CalculatorTool, ToolField, ToolInfo, ToolOutcome, ToolResult } from './tools.types';

const y = (fen: number) => fenToYuan(fen);
const pctText = (d: InstanceType<typeof D>) => `${d.mul(100).toDecimalPlaces(4).toString()}%`;
const rateText = (r: number) => `${(r * 100).toFixed(4)}%`;

const taxYearField: ToolField = {
  name: 'year',
  label: '税收规则年度',
  kind: 'select',
  default: String(currentRules(new Date()).rules.year),
  options: TAX_RULES.map((r) => ({ value: String(r.year), label: `${r.year}年` })),
};

function readRules(r: InputReader): TaxRules {
  const year = Number(r.raw('year'));
  const rules = rulesForYear(year);
  if (!rules) {
    r.error('year', '请选择税收规则年度');
    return rulesForYear(LATEST_TAX_YEAR)!;
  }
  return rules;
}

const fail = (r: InputReader): ToolOutcome => ({ ok: false, errors: r.errors });

function basisOf(rules: TaxRules, keys: string[]): SourceNotice[] {
  return [...new Set(keys)].map((k) => sourceOf(rules, k));
}

function notesFor(today: Date, rules: TaxRules | null, extra: string[] = []): string[] {
  const out = [...extra];
  const stale = staleRulesWarning(today);
  if (stale && rules) out.unshift(stale);
  return out;
}

const result = (r: ToolResult): ToolOutcome => ({ ok: true, result: r });
const shareOptions = [
  { value: '100', label: '本人扣除100%' },
  { value: '50', label: '双方各扣除50%' },
];
const yesNo = [
  { value: 'no', label: '否' },
  { value: 'yes', label: '是' },
];

// ------------------------------------------------------------------------------------------------------------
// 1. Cumulative withholding on wages

const iitSalary: CalculatorTool = {
  id: 'iit-salary',
  name: '工资薪金个税计算器（累计预扣法）',
  group: '个人所得税',
  summary: '按累计预扣法逐月计算工资薪金个人所得税，含全部专项附加扣除，生成12个月明细表。',
  keywords: ['个税', '工资', '累计预扣', '专项附加扣除', '月薪'],
  fields: [
    taxYearField,
    { name: 'wage', label: '每月税前工资（元）', kind: 'money', default: '20000' },
    { name: 'wages', label: '各月工资（选填）', kind: 'textarea', default: '', placeholder: '各月不同时按月份顺序填写，用逗号分隔，如 20000,20000,35000', help: '填写后以此为准，个数须等于计税月数' },
    { name: 'start', label: '起始月份', kind: 'integer', default: '1', help: '年中入职时填入职月份（1-12）' },
    { name: 'social', label: '每月个人缴纳社保公积金（元）', kind: 'money', default: '2200' },
    { name: 'children', label: '子女教育：子女人数', kind: 'integer', default: '0' },
    { name: 'childrenShare', label: '子女教育扣除比例', kind: 'select', default: '100', options: shareOptions, showIf: (v) => Number(v.children) > 0 },
    { name: 'infants', label: '3岁以下婴幼儿人数', kind: 'integer', default: '0' },
    { name: 'infantsShare', label: '婴幼儿照护扣除比例', kind: 'select', default: '100', options: shareOptions, showIf: (v) => Number(v.infants) > 0 },
    { name: 'education', label: '学历（学位）继续教育', kind: 'select', default: 'no', options: yesNo },
    { name: 'certificate', label: '本年取得职业资格证书的月份', kind: 'integer', default: '', help: '技能人员或专业技术人员职业资格继续教育，取得证书当年扣除3,600元；未取得不填' },
    {
      name: 'housing', label: '住房贷款利息或住房租金', kind: 'select', default: 'none',
      options: [
        { value: 'none', label: '不扣除' },
        { value: 'loan', label: '首套住房贷款利息' },
        { value: 'rent1', label: '住房租金：直辖市、省会、计划单列市等' },
        { value: 'rent2', label: '住房租金：户籍人口超过100万的城市' },
        { value: 'rent3', label: '住房租金：户籍人口不超过100万的城市' },
      ],
    },
    { name: 'loanShare', label: '住房贷款利息扣除比例', kind: 'select', default: '100', options: shareOptions, showIf: (v) => v.housing === 'loan' },
    {
      name: 'elderly', label: '赡养老人', kind: 'select', default: 'none',
      options: [
        { value: 'none', label: '不扣除' },
        { value: 'only', label: '独生子女' },
        { value: 'shared', label: '非独生子女（分摊）' },
      ],
    },
    { name: 'elderlyShared', label: '每月分摊的赡养老人扣除（元）', kind: 'money', default: '1500', showIf: (v) => v.elderly === 'shared' },
    { name: 'other', label: '每月其他扣除（元）', kind: 'money', default: '0', help: '企业年金、商业健康保险、个人养老金等' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rules = readRules(r);
    const start = r.integer('start', '起始月份', 1, 12, '起始月份应在1至12之间');
    const wage = r.money('wage', '每月税前工资');
    const social = r.money('social', '每月个人缴纳社保公积金');
    const other = r.money('other', '每月其他扣除', { required: false });
    const children = r.integer('children', '子女人数', 0, 10);
    const infants = r.integer('infants', '婴幼儿人数', 0, 10);
    const housing = r.choice<HousingChoice>('housing', '住房扣除', ['none', 'loan', 'rent1', 'rent2', 'rent3']);
    const elderly = r.choice<ElderlyChoice>('elderly', '赡养老人', ['none', 'only', 'shared']);
    const elderlyShared = elderly === 'shared' ? r.money('elderlyShared', '分摊的赡养老人扣除') : 0;
    const share = (name: string, applies: boolean): Share => (applies ? (r.choice(name, '扣除比例', ['100', '50'] as const) === '50' ? 50 : 100) : 100);
    const certRaw = r.raw('certificate');
    const certificateMonth = certRaw === '' ? null : r.integer('certificate', '取得证书的月份', 1, 12, '取得证书的月份应在1至12之间');
    if (certificateMonth !== null && r.ok && certificateMonth < start) r.error('certificate', `取得证书的月份不能早于起始月份（${start}月）`);
    const count = 13 - start;
    let wages = Array.from({ length: count }, () => wage);
    if (r.raw('wages') !== '') {
      const list = r.moneyList('wages', '月工资');
      if (r.ok && list.length !== count) r.error('wages', `各月工资应填写${count}个（${start}月至12月），当前为${list.length}个`);
      else wages = list;
    }
    if (!r.ok) return fail(r);
    const sp = specialDeductions(rules, {
      children, childrenShare: share('childrenShare', children > 0), infants, infantsShare: share('infantsShare', infants > 0),
      continuingEducation: r.raw('education') === 'yes', housing, loanShare: share('loanShare', housing === 'loan'),
      elderly, elderlySharedFen: elderlyShared,
    });
    if (!sp.ok) {
      r.error(sp.field, sp.message);
      return fail(r);
    }
    if (!r.ok) return fail(r);
    const certFen = rules.iit.special.continuingEducationCertificateFen;
    const months: WageMonth[] = wages.map((w, i) => ({
      incomeFen: w,
      socialFen: social,
      // The certificate deduction is claimed once, in the month the certificate is obtained.
      specialFen: sp.totalFen + (certificateMonth === start + i ? certFen.value : 0),
      otherFen: other,
    }));
    const rows = cumulativeWithholding(rules, months, start);
    const totalTax = rows.reduce((a, x) => a + x.monthTaxFen, 0);
    const totalIncome = wages.reduce((a, x) => a + x, 0);
    const basic = rules.iit.basicDeductionMonthlyFen;
    return result({
      taxYear: rules.year,
      summary: [
        { label: `全年预扣个税（${start}-12月）`, value: yuan(totalTax), strong: true },
        { label: '首月预扣个税', value: yuan(rows[0]!.monthTaxFen) },
        { label: '每月专项附加扣除合计', value: yuan(sp.totalFen) },
        { label: '全年税后收入', value: yuan(totalIncome - social * count - totalTax) },
      ],
      tables: [
        {
          title: '逐月预扣明细',
          columns: ['月份', '当月工资', '累计收入', '累计减除费用', '累计专项扣除', '累计专项附加扣除', '累计其他扣除', '累计应纳税所得额', '预扣率', '速算扣除数', '累计应纳税额', '本月预扣', '税后到手'],
          rows: rows.map((x) => [
            `${x.month}月`, y(x.incomeFen), y(x.cumIncomeFen), y(x.cumBasicFen), y(x.cumSocialFen), y(x.cumSpecialFen), y(x.cumOtherFen),
            y(x.cumTaxableFen), `${x.ratePct}%`, y(x.quickDeductionFen), y(x.cumTaxFen), y(x.monthTaxFen), y(x.netPayFen),
          ]),
        },
      ],
      steps: [
        { text: `减除费用每月${y(basic.value)}元，${start}月起累计计算。`, rule: sourceOf(rules, basic.src).title },
        ...sp.items.map((i) => ({ text: `${i.label}：${i.detail}，每月${y(i.fen)}元。`, rule: sourceOf(rules, i.src).number })),
        ...(certificateMonth !== null ? [{ text: `继续教育（职业资格）：${certificateMonth}月取得证书，当月一次扣除${y(certFen.value)}元。`, rule: sourceOf(rules, certFen.src).number }] : []),
        { text: '累计预扣预缴应纳税所得额 = 累计收入 − 累计减除费用 − 累计专项扣除 − 累计专项附加扣除 − 累计依法确定的其他扣除。', rule: sourceOf(rules, 'withholding').number },
        { text: '本期应预扣预缴税额 = (累计预扣预缴应纳税所得额 × 预扣率 − 速算扣除数) − 累计已预扣预缴税额；结果为负时本月暂不退税。', rule: sourceOf(rules, 'withholding').number },
        ...rows.filter((x, i) => i === 0 || x.ratePct !== rows[i - 1]!.ratePct).map((x) => ({
          text: `${x.month}月：累计应纳税所得额${y(x.cumTaxableFen)}元，适用预扣率${x.ratePct}%、速算扣除数${y(x.quickDeductionFen)}元，累计应纳税额${y(x.cumTaxFen)}元，本月预扣${y(x.monthTaxFen)}元。`,
        })),
      ],
      basis: basisOf(rules, ['iitLaw', 'withholding', 'specialDeductions', 'specialRaise2023', ...sp.items.map((i) => i.src)]),
      notes: notesFor(today, rules, ['计算结果为按累计预扣法的预扣预缴税额，全年应纳税额以年度汇算为准。']),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 2. Year-end bonus

const yearEndBonus: CalculatorTool = {
  id: 'year-end-bonus',
  name: '全年一次性奖金计税比较',
  group: '个人所得税',
  summary: '比较年终奖单独计税与并入综合所得计税的税额，给出更省税的方式及政策执行期限。',
  keywords: ['年终奖', '全年一次性奖金', '单独计税', '并入综合所得'],
  fields: [
    taxYearField,
    { name: 'bonus', label: '全年一次性奖金（元）', kind: 'money', default: '36000' },
    { name: 'wages', label: '全年工资薪金（不含奖金，元）', kind: 'money', default: '240000' },
    { name: 'social', label: '全年个人社保公积金（元）', kind: 'money', default: '26400' },
    { name: 'special', label: '全年专项附加扣除（元）', kind: 'money', default: '24000' },
    { name: 'other', label: '全年其他扣除（元）', kind: 'money', default: '0' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rules = readRules(r);
    const bonus = r.money('bonus', '全年一次性奖金');
    const wagesFen = r.money('wages', '全年工资薪金');
    const socialFen = r.money('social', '全年个人社保公积金');
    const specialFen = r.money('special', '全年专项附加扣除');
    const otherFen = r.money('other', '全年其他扣除', { required: false });
    if (!r.ok) return fail(r);
    const c = compareBonus(rules, { wagesFen, socialFen, specialFen, otherFen }, bonus, today);
    const better = c.better === 'separate' ? '单独计税' : c.better === 'merged' ? '并入综合所得' : '两种方式税额相同';
    const until = rules.iit.bonusSeparateUntil;
    return result({
      taxYear: rules.year,
      summary: [
        { label: '单独计税全年税额', value: yuan(c.separate.totalFen) },
        { label: '并入综合所得全年税额', value: yuan(c.merged.totalFen) },
        { label: '建议', value: c.better === 'equal' ? better : `选择${better}，节税${y(c.savingFen)}元`, strong: true },
        { label: '单独计税政策执行至', value: until.value },
      ],
      tables: [
        {
          title: '两种方式对比',
          columns: ['方式', '应纳税所得额', '适用税率', '速算扣除数', '奖金部分税额', '全年税额合计'],
          rows: [
            ['单独计税', y(bonus), `${c.separate.bracket.ratePct}%`, y(c.separate.bracket.quickDeductionFen), y(c.separate.bonusTaxFen), y(c.separate.totalFen)],
            ['并入综合所得', y(c.merged.taxableFen), `${c.merged.bracket.ratePct}%`, y(c.merged.bracket.quickDeductionFen), y(c.merged.totalFen - c.separate.wageTaxFen), y(c.merged.totalFen)],
          ],
        },
      ],
      steps: [
        { text: `单独计税：奖金${y(bonus)}元 ÷ 12 = ${y(c.separate.monthlyAverageFen)}元，按月度税率表适用${c.separate.bracket.ratePct}%，速算扣除数${y(c.separate.bracket.quickDeductionFen)}元。`, rule: sourceOf(rules, rules.iit.monthlyBrackets.src).number },
        { text: `奖金应纳税额 = ${y(bonus)} × ${c.separate.bracket.ratePct}% − ${y(c.separate.bracket.quickDeductionFen)} = ${y(c.separate.bonusTaxFen)}元。` },
        { text: `工资部分应纳税所得额 = ${y(wagesFen)} − ${y(rules.iit.basicDeductionMonthlyFen.value * 12)} − ${y(socialFen)} − ${y(specialFen)} − ${y(otherFen)} = ${y(c.wageTaxableFen)}元，税额${y(c.separate.wageTaxFen)}元。`, rule: sourceOf(rules, 'iitLaw').title },
        { text: `并入综合所得：应纳税所得额${y(c.merged.taxableFen)}元，适用${c.merged.bracket.ratePct}%，全年税额${y(c.merged.totalFen)}元。`, rule: sourceOf(rules, 'iitLaw').title },
        { text: `全年一次性奖金单独计税政策执行至${until.value}。`, rule: sourceOf(rules, until.src).number },
      ],
      basis: basisOf(rules, ['bonus164', 'bonusExtension', 'iitLaw']),
      notes: notesFor(today, rules, c.separateAllowed ? ['一个纳税年度内，单独计税办法只允许采用一次。'] : [`当前已超过单独计税政策的执行期限（${until.value}），只能并入综合所得计税。`]),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 3. Annual reconciliation

const iitAnnual: CalculatorTool = {
  id: 'iit-annual',
  name: '个税年度汇算估算',
  group: '个人所得税',
  summary: '汇总工资薪金、劳务报酬、稿酬、特许权使用费，扣除各项费用后估算应补或应退税额。',
  keywords: ['年度汇算', '退税', '补税', '劳务报酬', '稿酬', '特许权使用费', '综合所得'],
  fields: [
    taxYearField,
    { name: 'wages', label: '工资薪金收入（元）', kind: 'money', default: '180000' },
    { name: 'labour', label: '劳务报酬收入（元）', kind: 'money', default: '10000' },
    { name: 'author', label: '稿酬收入（元）', kind: 'money', default: '0' },
    { name: 'royalty', label: '特许权使用费收入（元）', kind: 'money', default: '0' },
    { name: 'social', label: '个人缴纳社保公积金（元）', kind: 'money', default: '24000' },
    { name: 'special', label: '专项附加扣除合计（不含大病医疗，元）', kind: 'money', default: '24000' },
    { name: 'illness', label: '大病医疗自付支出（元）', kind: 'money', default: '0', help: '医保报销后个人负担部分，超过15,000元的部分在80,000元限额内扣除' },
    { name: 'pension', label: '个人养老金缴费（元）', kind: 'money', default: '0' },
    { name: 'other', label: '其他扣除（元）', kind: 'money', default: '0' },
    { name: 'withheld', label: '已预扣预缴税额（元）', kind: 'money', default: '5000' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rules = readRules(r);
    const a = {
      wagesFen: r.money('wages', '工资薪金收入'),
      labourFen: r.money('labour', '劳务报酬收入', { required: false }),
      authorFen: r.money('author', '稿酬收入', { required: false }),
      royaltyFen: r.money('royalty', '特许权使用费收入', { required: false }),
      socialFen: r.money('social', '社保公积金', { required: false }),
      specialFen: r.money('special', '专项附加扣除', { required: false }),
      seriousIllnessSpentFen: r.money('illness', '大病医疗支出', { required: false }),
      privatePensionFen: r.money('pension', '个人养老金缴费', { required: false }),
      otherFen: r.money('other', '其他扣除', { required: false }),
      withheldFen: r.money('withheld', '已预扣预缴税额', { required: false }),
    };
    const cap = rules.iit.privatePensionAnnualCapFen.value;
    if (a.privatePensionFen > cap) r.error('pension', `个人养老金每年扣除不能超过${y(cap)}元`);
    if (!r.ok) return fail(r);
    const x = annualReconciliation(rules, a);
    const s = rules.iit.special;
    return result({
      taxYear: rules.year,
      summary: [
        { label: '综合所得应纳税额', value: yuan(x.taxFen) },
        { label: '已预缴税额', value: yuan(a.withheldFen) },
        { label: x.balanceFen > 0 ? '应补税额' : x.balanceFen < 0 ? '应退税额' : '无需补退', value: yuan(Math.abs(x.balanceFen)), strong: true },
      ],
      tables: [
        {
          title: '收入额与扣除',
          columns: ['项目', '金额（元）'],
          rows: [
            ['工资薪金收入额', y(a.wagesFen)],
            ['劳务报酬收入额（收入×80%）', y(x.labourIncomeFen)],
            ['稿酬收入额（收入×80%×70%）', y(x.authorIncomeFen)],
            ['特许权使用费收入额（收入×80%）', y(x.royaltyIncomeFen)],
            ['综合所得收入额', y(x.grossIncomeFen)],
            ['减除费用', y(x.basicFen)],
            ['专项扣除', y(a.socialFen)],
            ['专项附加扣除', y(a.specialFen)],
            ['大病医疗扣除', y(x.seriousIllnessFen)],
            ['个人养老金扣除', y(x.privatePensionFen)],
            ['其他扣除', y(a.otherFen)],
            ['应纳税所得额', y(x.taxableFen)],
            ['应纳税额', y(x.taxFen)],
          ],
        },
      ],
      steps: [
        { text: `劳务报酬、稿酬、特许权使用费以收入减除${rules.iit.labourCostPct.value}%费用后的余额为收入额，稿酬收入额再减按${rules.iit.authorIncomePct.value}%计算。`, rule: sourceOf(rules, 'iitLaw').number },
        { text: `综合所得收入额 = ${y(a.wagesFen)} + ${y(x.labourIncomeFen)} + ${y(x.authorIncomeFen)} + ${y(x.royaltyIncomeFen)} = ${y(x.grossIncomeFen)}元。` },
        { text: `大病医疗：自付${y(a.seriousIllnessSpentFen)}元，超过${y(s.seriousIllnessFloorFen.value)}元的部分在${y(s.seriousIllnessCapFen.value)}元限额内扣除，扣除${y(x.seriousIllnessFen)}元。`, rule: sourceOf(rules, s.seriousIllnessCapFen.src).number },
        { text: `个人养老金每年扣除限额${y(cap)}元，扣除${y(x.privatePensionFen)}元。`, rule: sourceOf(rules, 'privatePension').number },
        { text: `应纳税所得额 = ${y(x.grossIncomeFen)} − ${y(x.totalDeductionsFen)} = ${y(x.taxableFen)}元，适用税率${x.bracket.ratePct}%，速算扣除数${y(x.bracket.quickDeductionFen)}元，应纳税额${y(x.taxFen)}元。`, rule: sourceOf(rules, 'iitLaw').title },
        { text: `应纳税额${y(x.taxFen)} − 已预缴${y(a.withheldFen)} = ${y(x.balanceFen)}元（正数为应补，负数为应退）。` },
      ],
      basis: basisOf(rules, ['iitLaw', 'specialDeductions', 'specialRaise2023', 'privatePension']),
      notes: notesFor(today, rules, ['综合所得收入超过12万元且需补税金额超过400元的，须办理年度汇算补税；本结果为估算。']),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 4. Social insurance and housing fund

const socialTool: CalculatorTool = {
  id: 'social-insurance',
  name: '社保公积金计算器',
  group: '社保公积金',
  summary: '按缴费基数上下限计算个人与单位缴纳的五险一金，提供城市预设与自定义。',
  keywords: ['社保', '五险一金', '公积金', '缴费基数', '养老', '医疗'],
  fields: [
    taxYearField,
    {
      name: 'city', label: '城市', kind: 'select', default: 'beijing',
      options: [...new Map(TAX_RULES.flatMap((t) => t.social.cities).map((c) => [c.id, { value: c.id, label: c.name }])).values(), { value: 'custom', label: '自定义' }],
    },
    { name: 'wage', label: '月工资（缴费工资，元）', kind: 'money', default: '20000' },
    { name: 'fund', label: '住房公积金缴存比例（%）', kind: 'percent', default: '12' },
    ...(
      [
        ['socialFloor', '社保缴费基数下限（元）', 'money', '5000'],
        ['socialCeiling', '社保缴费基数上限（元）', 'money', '30000'],
        ['fundFloor', '公积金缴存基数下限（元）', 'money', '2500'],
        ['fundCeiling', '公积金缴存基数上限（元）', 'money', '30000'],
        ['eePension', '个人养老比例（%）', 'percent', '8'],
        ['eeMedical', '个人医疗比例（%）', 'percent', '2'],
        ['eeUnemployment', '个人失业比例（%）', 'percent', '0.5'],
        ['erPension', '单位养老比例（%）', 'percent', '16'],
        ['erMedical', '单位医疗（含生育）比例（%）', 'percent', '9'],
        ['erUnemployment', '单位失业比例（%）', 'percent', '0.5'],
        ['erInjury', '单位工伤比例（%）', 'percent', '0.2'],
      ] as const
    ).map(([name, label, kind, def]): ToolField => ({ name, label, kind, default: def, showIf: (v) => v.city === 'custom' })),
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rules = readRules(r);
    const cityId = r.raw('city');
    const city = rules.social.cities.find((c) => c.id === cityId);
    if (!city && cityId !== 'custom') r.error('city', '请选择城市');
    const wage = r.money('wage', '月工资');
    let rates: SocialRates;
    let floor: number, ceiling: number, fFloor: number, fCeiling: number;
    if (city) {
      const [lo, hi] = city.fundRangePct;
      const fund = r.percent('fund', '住房公积金缴存比例', Number(hi), Number(lo));
      rates = ratesOfCity(city);
      rates.employee.fund = fund;
      rates.employer.fund = fund;
      [floor, ceiling, fFloor, fCeiling] = [city.socialBaseFloorFen, city.socialBaseCeilingFen, city.fundBaseFloorFen, city.fundBaseCeilingFen];
    } else {
      const fund = r.percent('fund', '住房公积金缴存比例', 12, 5);
      floor = r.money('socialFloor', '社保缴费基数下限');
      ceiling = r.money('socialCeiling', '社保缴费基数上限');
      fFloor = r.money('fundFloor', '公积金缴存基数下限');
      fCeiling = r.money('fundCeiling', '公积金缴存基数上限');
      if (r.ok && ceiling < floor) r.error('socialCeiling', '社保缴费基数上限不能低于下限');
      if (r.ok && fCeiling < fFloor) r.error('fundCeiling', '公积金缴存基数上限不能低于下限');
      rates = {
        employee: { pension: r.percent('eePension', '个人养老比例', 30), medical: r.percent('eeMedical', '个人医疗比例', 30), unemployment: r.percent('eeUnemployment', '个人失业比例', 30), fund },
        employer: { pension: r.percent('erPension', '单位养老比例', 30), medical: r.percent('erMedical', '单位医疗比例', 30), unemployment: r.percent('erUnemployment', '单位失业比例', 30), injury: r.percent('erInjury', '单位工伤比例', 30), fund },
        employeeMedicalFixedFen: 0,
      };
    }
    if (!r.ok) return fail(r);
    const s = socialInsurance({ wageFen: wage, socialFloorFen: floor, socialCeilingFen: ceiling, fundFloorFen: fFloor, fundCeilingFen: fCeiling, rates });
    const clampText = (c: 'floor' | 'ceiling' | null, base: number) => (c === 'floor' ? `低于下限，按下限${y(base)}元` : c === 'ceiling' ? `高于上限，按上限${y(base)}元` : `在上下限之间，按实际${y(base)}元`);
    return result({
      taxYear: rules.year,
      summary: [
        { label: '个人缴纳合计（每月）', value: yuan(s.employeeTotalFen), strong: true },
        { label: '单位缴纳合计（每月）', value: yuan(s.employerTotalFen) },
        { label: '社保缴费基数', value: yuan(s.socialBaseFen) },
        { label: '公积金缴存基数', value: yuan(s.fundBaseFen) },
      ],
      tables: [
        { title: '五险一金明细（每月）', columns: ['项目', '缴费基数', '个人缴纳', '单位缴纳'], rows: [...s.lines.map((l) => [l.item, y(l.baseFen), y(l.employeeFen), y(l.employerFen)]), ['合计', '', y(s.employeeTotalFen), y(s.employerTotalFen)]] },
      ],
      steps: [
        city ? { text: `${city.name}${city.period}：社保缴费基数下限${y(floor)}元、上限${y(ceiling)}元；公积金缴存基数下限${y(fFloor)}元、上限${y(fCeiling)}元。`, rule: sourceOf(rules, city.src).title } : { text: `自定义：社保缴费基数${y(floor)}至${y(ceiling)}元，公积金缴存基数${y(fFloor)}至${y(fCeiling)}元。` },
        { text: `社保：月工资${y(wage)}元${clampText(s.socialClamped, s.socialBaseFen)}。` },
        { text: `公积金：月工资${y(wage)}元${clampText(s.fundClamped, s.fundBaseFen)}，缴存比例${pctText(rates.employee.fund)}。` },
        { text: `个人：养老${pctText(rates.employee.pension)}、医疗${pctText(rates.employee.medical)}${rates.employeeMedicalFixedFen ? `另加${y(rates.employeeMedicalFixedFen)}元` : ''}、失业${pctText(rates.employee.unemployment)}；单位：养老${pctText(rates.employer.pension)}、医疗${pctText(rates.employer.medical)}、失业${pctText(rates.employer.unemployment)}、工伤${pctText(rates.employer.injury)}。每项按基数×比例四舍五入到分。` },
      ],
      basis: city ? [sourceOf(rules, city.src)] : [],
      notes: notesFor(today, rules, ['各地缴费比例及工伤保险行业费率有差异，请以当地社保经办机构核定为准。']),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 5. VAT

const vatTool: CalculatorTool = {
  id: 'vat',
  name: '增值税计算器',
  group: '企业税费',
  summary: '含税价与不含税价互算（13%、9%、6%），小规模纳税人减按1%征收与月销售额10万元免税判断。',
  keywords: ['增值税', '含税价', '不含税价', '小规模纳税人', '一般纳税人', '税率'],
  fields: [
    taxYearField,
    { name: 'taxpayer', label: '纳税人类型', kind: 'select', default: 'general', options: [{ value: 'general', label: '一般纳税人' }, { value: 'small', label: '小规模纳税人' }] },
    { name: 'rate', label: '适用税率', kind: 'select', default: '13', options: ['13', '9', '6'].map((x) => ({ value: x, label: `${x}%` })), showIf: (v) => v.taxpayer !== 'small' },
    { name: 'period', label: '纳税期限', kind: 'select', default: 'month', options: [{ value: 'month', label: '按月' }, { value: 'quarter', label: '按季' }], showIf: (v) => v.taxpayer === 'small' },
    { name: 'basis', label: '金额类型', kind: 'select', default: 'inclusive', options: [{ value: 'inclusive', label: '含税金额' }, { value: 'exclusive', label: '不含税金额' }] },
    { name: 'amount', label: '金额（元）', kind: 'money', default: '113000' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rules = readRules(r);
    const amount = r.money('amount', '金额');
    const inclusive = r.choice('basis', '金额类型', ['inclusive', 'exclusive'] as const) === 'inclusive';
    const small = r.choice('taxpayer', '纳税人类型', ['general', 'small'] as const) === 'small';
    if (small) {
      const period = r.choice('period', '纳税期限', ['month', 'quarter'] as const);
      if (!r.ok) return fail(r);
      const s = smallScaleVat(rules, amount, inclusive, period);
      const reduced = rules.vat.smallScaleReducedPct;
      return result({
        taxYear: rules.year,
        summary: [
          { label: '应纳增值税', value: yuan(s.taxFen), strong: true },
          { label: '不含税销售额', value: yuan(s.exclusiveFen) },
          { label: '免税判断', value: s.exempt ? `未超过${y(s.thresholdFen)}元，免征增值税` : `超过${y(s.thresholdFen)}元，减按${s.ratePct}%征收` },
        ],
        tables: [{ title: '计算结果', columns: ['项目', '金额（元）'], rows: [['不含税销售额', y(s.exclusiveFen)], ['增值税', y(s.taxFen)], ['价税合计', y(s.exclusiveFen + s.taxFen)]] }],
        steps: [
          { text: `小规模纳税人征收率${rules.vat.smallScaleLevyPct.value}%，减按${reduced.value}%征收，执行至${rules.vat.smallScaleReducedUntil.value}。`, rule: sourceOf(rules, reduced.src).number },
          inclusive ? { text: `不含税销售额 = 含税销售额 ÷ (1 + ${reduced.value}%) = ${y(amount)} ÷ ${new D(1).plus(pct(reduced.value)).toString()} = ${y(s.exempt ? vatFromInclusive(amount, pct(reduced.value)).exclusiveFen : s.exclusiveFen)}元。` } : { text: `不含税销售额${y(amount)}元。` },
          { text: `${period === 'month' ? '月' : '季度'}销售额未超过${y(s.thresholdFen)}元的免征增值税；超过的，全部销售额按${reduced.value}%计税。`, rule: sourceOf(rules, rules.vat.smallScaleMonthlyExemptFen.src).number },
        ],
        basis: basisOf(rules, [reduced.src, rules.vat.smallScaleLevyPct.src]),
        notes: notesFor(today, rules, ['开具增值税专用发票的销售额不适用免税，应按规定缴纳增值税。']),
      });
    }
    const rateStr = r.choice('rate', '税率', rules.vat.generalRatesPct.value);
    if (!r.ok) return fail(r);
    const rate = pct(rateStr);
    const s = inclusive ? vatFromInclusive(amount, rate) : vatFromExclusive(amount, rate);
    return result({
      taxYear: rules.year,
      summary: [
        { label: '增值税额', value: yuan(s.taxFen), strong: true },
        { label: '不含税金额', value: yuan(s.exclusiveFen) },
        { label: '含税金额', value: yuan(s.inclusiveFen) },
      ],
      tables: [{ title: '计算结果', columns: ['项目', '金额（元）'], rows: [['不含税金额', y(s.exclusiveFen)], [`增值税（${rateStr}%）`, y(s.taxFen)], ['价税合计', y(s.inclusiveFen)]] }],
      steps: [
        { text: `一般纳税人税率${rules.vat.generalRatesPct.value.join('%、')}%，本次适用${rateStr}%。`, rule: sourceOf(rules, rules.vat.generalRatesPct.src).title },
        inclusive
          ? { text: `不含税金额 = ${y(amount)} ÷ (1 + ${rateStr}%) = ${y(s.exclusiveFen)}元（四舍五入到分）；税额 = 含税金额 − 不含税金额 = ${y(s.taxFen)}元。` }
          : { text: `税额 = ${y(amount)} × ${rateStr}% = ${y(s.taxFen)}元；价税合计 = ${y(s.inclusiveFen)}元。` },
      ],
      basis: basisOf(rules, [rules.vat.generalRatesPct.src]),
      notes: notesFor(today, rules),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 6. Corporate income tax

const citTool: CalculatorTool = {
  id: 'corporate-tax',
  name: '企业所得税计算器',
  group: '企业税费',
  summary: '按基本税率25%、小型微利企业实际5%、高新技术企业15%计算，并逐项校验优惠条件。',
  keywords: ['企业所得税', '小型微利企业', '高新技术企业', '所得税优惠'],
  fields: [
    taxYearField,
    { name: 'taxable', label: '年度应纳税所得额（元）', kind: 'money', default: '2000000' },
    { name: 'headcount', label: '从业人数（全年季度平均值）', kind: 'integer', default: '80' },
    { name: 'assets', label: '资产总额（全年季度平均值，元）', kind: 'money', default: '20000000' },
    { name: 'industry', label: '从事国家非限制和禁止行业', kind: 'select', default: 'yes', options: [{ value: 'yes', label: '是' }, { value: 'no', label: '否' }] },
    { name: 'hightech', label: '持有有效的高新技术企业证书', kind: 'select', default: 'no', options: yesNo },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rules = readRules(r);
    const taxableFen = r.money('taxable', '应纳税所得额');
    const headcount = r.integer('headcount', '从业人数', 0, 10_000_000);
    const assetsFen = r.money('assets', '资产总额');
    if (!r.ok) return fail(r);
    const c = corporateIncomeTax(rules, { taxableFen, headcount, assetsFen, permittedIndustry: r.raw('industry') !== 'no', highTech: r.raw('hightech') === 'yes' });
    const cit = rules.cit;
    return result({
      taxYear: rules.year,
      summary: [
        { label: '应纳企业所得税', value: yuan(c.applied.taxFen), strong: true },
        { label: '适用方式', value: c.applied.label },
        { label: '实际税负率', value: `${c.applied.effectivePct}%` },
      ],
      tables: [
        { title: '各方式比较', columns: ['方式', '是否符合', '实际税率', '应纳税额'], rows: c.options.map((o) => [o.label, o.eligible ? '符合' : '不符合', `${o.effectivePct}%`, y(o.taxFen)]) },
        { title: '小型微利企业条件校验', columns: ['条件', '本企业', '结论'], rows: c.options.find((o) => o.kind === 'small-profit')!.conditions.map((x) => [x.label, x.detail, x.met ? '符合' : '不符合']) },
      ],
      steps: [
        { text: `企业所得税基本税率${cit.standardPct.value}%；国家需要重点扶持的高新技术企业减按${cit.highTechPct.value}%。`, rule: sourceOf(rules, cit.standardPct.src).title },
        { text: `小型微利企业：年应纳税所得额减按${cit.smallProfitBasePct.value}%计入，按${cit.smallProfitRatePct.value}%税率缴纳，实际税负5%，执行至${cit.smallProfitUntil.value}。`, rule: sourceOf(rules, cit.smallProfitBasePct.src).number },
        { text: `小型微利企业须同时满足：非限制和禁止行业，应纳税所得额不超过300万元，从业人数不超过300人，资产总额不超过5000万元。`, rule: sourceOf(rules, cit.smallProfitMaxTaxableFen.src).number },
        ...c.options.map((o) => ({ text: `${o.label}：${o.eligible ? '符合条件' : '不符合条件'}，应纳税额 = ${y(taxableFen)} × ${o.effectivePct}% = ${y(o.taxFen)}元。` })),
        { text: `按符合条件的最低税额计算：${c.applied.label}，${y(c.applied.taxFen)}元。` },
      ],
      basis: basisOf(rules, ['citLaw', 'smallProfit', 'smallProfitConditions']),
      notes: notesFor(today, rules, ['高新技术企业优惠与小型微利企业优惠不可叠加享受，本工具按较低者计算。']),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 7. Loans

const loanTool: CalculatorTool = {
  id: 'loan',
  name: '贷款计算器（含提前还款）',
  group: '贷款与投资',
  summary: '等额本息、等额本金还款计划表，总利息，以及提前还款后缩短期限或减少月供的对比。',
  keywords: ['房贷', '贷款', '等额本息', '等额本金', '提前还款', '月供'],
  fields: [
    { name: 'principal', label: '贷款本金（元）', kind: 'money', default: '1000000' },
    { name: 'rate', label: '年利率（%）', kind: 'percent', default: '3.1' },
    { name: 'months', label: '贷款期限（月）', kind: 'integer', default: '360' },
    { name: 'method', label: '还款方式', kind: 'select', default: 'annuity', options: [{ value: 'annuity', label: '等额本息' }, { value: 'principal', label: '等额本金' }] },
    { name: 'prepay', label: '提前还款', kind: 'select', default: 'no', options: yesNo },
    { name: 'prepayAfter', label: '在第几期后提前还款', kind: 'integer', default: '12', showIf: (v) => v.prepay === 'yes' },
    { name: 'prepayAmount', label: '提前还款金额（元）', kind: 'money', default: '200000', showIf: (v) => v.prepay === 'yes' },
    { name: 'prepayMode', label: '提前还款后', kind: 'select', default: 'shorten', options: [{ value: 'shorten', label: '月供基本不变，缩短期限' }, { value: 'reduce', label: '期限不变，减少月供' }], showIf: (v) => v.prepay === 'yes' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const principal = r.money('principal', '贷款本金');
    if (r.ok && principal === 0) r.error('principal', '贷款本金必须大于0');
    const rate = r.percent('rate', '年利率', 36);
    const monthsRaw = r.raw('months');
    const months = monthsRaw === '0' ? (r.error('months', '贷款期限必须大于0'), 1) : r.integer('months', '贷款期限（月）', 1, 600);
    const method = r.choice<LoanMethod>('method', '还款方式', ['annuity', 'principal']);
    const prepay = r.raw('prepay') === 'yes';
    const after = prepay ? r.integer('prepayAfter', '提前还款期数', 1, Math.max(1, months - 1), `提前还款期数应在1至${months - 1}之间`) : 0;
    const amount = prepay ? r.money('prepayAmount', '提前还款金额') : 0;
    const mode = prepay ? r.choice('prepayMode', '提前还款方式', ['shorten', 'reduce'] as const) : 'shorten';
    if (prepay && months < 2) r.error('prepayAfter', '贷款期限为1个月时不能提前还款');
    if (prepay && r.ok && amount === 0) r.error('prepayAmount', '提前还款金额必须大于0');
    if (!r.ok) return fail(r);
    const methodName = method === 'annuity' ? '等额本息' : '等额本金';
    const base = loanSchedule(principal, rate, months, method);
    if (prepay) {
      const left = base.rows[after - 1]!.balanceFen;
      if (amount > left) r.error('prepayAmount', `提前还款金额不能超过第${after}期后的剩余本金${y(left)}元`);
      if (!r.ok) return fail(r);
    }
    const p = prepay ? prepayLoan(principal, rate, months, method, { afterPeriod: after, amountFen: amount, mode }) : null;
    const sched = p ? p.schedule : base;
    const mr = rate.div(12);
    return result({
      taxYear: null,
      summary: [
        { label: method === 'annuity' ? '每月还款' : '首月还款', value: yuan(base.rows[0]!.paymentFen), strong: true },
        { label: '总利息', value: yuan(base.totalInterestFen) },
        { label: '还款总额', value: yuan(base.totalPaymentFen) },
        ...(p
          ? [
              { label: '提前还款后剩余期数', value: `${p.remainingMonths}期` },
              { label: '提前还款后首期月供', value: yuan(p.newPaymentFen) },
              { label: '节省利息', value: yuan(p.interestSavedFen), strong: true },
            ]
          : []),
      ],
      tables: [{ title: p ? '还款计划（含提前还款）' : '还款计划', columns: ['期数', '月供', '本金', '利息', '剩余本金'], rows: sched.rows.map((x) => [String(x.period), y(x.paymentFen), y(x.principalFen), y(x.interestFen), y(x.balanceFen)]) }],
      steps: [
        { text: `月利率 = 年利率 ${pctText(rate)} ÷ 12 = ${mr.mul(100).toDecimalPlaces(6).toString()}%。` },
        method === 'annuity'
          ? { text: `等额本息月供 = 本金 × 月利率 × (1+月利率)^${months} ÷ ((1+月利率)^${months} − 1) = ${y(base.rows[0]!.paymentFen)}元。` }
          : { text: `等额本金每月本金 = ${y(principal)} ÷ ${months} = ${y(base.rows[0]!.principalFen)}元，利息 = 剩余本金 × 月利率，月供逐月递减。` },
        { text: '每期利息 = 期初剩余本金 × 月利率，四舍五入到分；最后一期偿还全部剩余本金，本金合计等于贷款本金。' },
        ...(p ? [{ text: `第${after}期后提前还款${y(amount)}元，${mode === 'shorten' ? `按原月供重新计算期限为${p.remainingMonths}期` : `按剩余${p.remainingMonths}期重新计算月供为${y(p.newPaymentFen)}元`}（${methodName}），节省利息${y(p.interestSavedFen)}元。` }] : []),
      ],
      basis: [],
      notes: notesFor(today, null, ['实际月供以贷款合同及银行计息规则为准。']),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 8. Investment

function parseDatedFlows(r: InputReader, name: string): DatedFlow[] {
  const lines = r.raw(name).split(/\n+/).map((l) => l.trim()).filter(Boolean);
  const out: DatedFlow[] = [];
  for (const [i, line] of lines.entries()) {
    const m = /^(\d{4}-\d{2}-\d{2})\s*[,，\s]\s*(-?[\d.]+)$/.exec(line);
    if (!m || Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) {
      r.error(name, `第${i + 1}行格式应为“日期,金额”，如 2025-01-01,-100000`);
      return [];
    }
    const check = new InputReader({ a: m[2]! });
    const fen = check.money('a', `第${i + 1}行金额`, { signed: true });
    if (!check.ok) {
      r.error(name, check.errors.a!);
      return [];
    }
    out.push({ date: m[1]!, amount: fen / 100 });
  }
  for (let i = 1; i < out.length; i++) if (out[i]!.date < out[0]!.date) r.error(name, '第一行应为最早的日期');
  return out;
}

const investmentTool: CalculatorTool = {
  id: 'investment',
  name: '投资决策计算器（NPV / IRR / XIRR）',
  group: '贷款与投资',
  summary: '净现值、内部收益率、按日期的XIRR、静态与动态投资回收期；多个或不存在IRR时给出明确提示。',
  keywords: ['净现值', 'NPV', '内部收益率', 'IRR', 'XIRR', '投资回收期'],
  fields: [
    { name: 'mode', label: '现金流类型', kind: 'select', default: 'periodic', options: [{ value: 'periodic', label: '按期（年）' }, { value: 'dated', label: '按日期（XIRR）' }] },
    { name: 'rate', label: '折现率（%）', kind: 'percent', default: '8' },
    { name: 'flows', label: '各期现金流（元）', kind: 'textarea', default: '-100000,30000,35000,40000,45000', placeholder: '第0期起按顺序填写，投资填负数，用逗号分隔', showIf: (v) => v.mode !== 'dated' },
    { name: 'dated', label: '按日期的现金流', kind: 'textarea', default: '2025-01-01,-100000\n2025-07-01,30000\n2026-01-01,40000\n2026-12-31,50000', placeholder: '每行一笔：日期,金额', showIf: (v) => v.mode === 'dated' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const rate = r.percent('rate', '折现率', 1000);
    const dated = r.raw('mode') === 'dated';
    const rn = rate.toNumber();
    if (dated) {
      const flows = parseDatedFlows(r, 'dated');
      if (r.ok && flows.length < 2) r.error('dated', '请至少填写两笔现金流');
      if (!r.ok) return fail(r);
      const x = xirr(flows);
      if (x.kind === 'none') {
        r.error('dated', x.message);
        return fail(r);
      }
      const xn = xnpv(rn, flows);
      return result({
        taxYear: null,
        summary: [
          { label: 'XIRR', value: x.kind === 'one' ? rateText(x.rate) : x.rates.map(rateText).join('、'), strong: true },
          { label: `XNPV（${pctText(rate)}）`, value: `${xn.toFixed(2)} 元` },
        ],
        tables: [{ title: '现金流', columns: ['日期', '金额（元）', '距首日天数'], rows: flows.map((f) => [f.date, f.amount.toFixed(2), String(Math.round((Date.parse(f.date) - Date.parse(flows[0]!.date)) / 86_400_000))]) }],
        steps: [
          { text: 'XNPV = Σ 现金流 ÷ (1 + r)^(距首日天数 ÷ 365)。' },
          { text: 'XIRR 为使 XNPV = 0 的 r，在存在符号变化的区间内用带区间保护的牛顿法求解。' },
          ...(x.kind === 'multiple' ? [{ text: x.message }] : []),
        ],
        basis: [],
        notes: notesFor(today, null, x.kind === 'multiple' ? [x.message] : []),
      });
    }
    const fen = r.moneyList('flows', '现金流', { signed: true });
    if (r.ok && fen.length < 2) r.error('flows', '请至少填写两期现金流');
    if (!r.ok) return fail(r);
    const flows = fen.map((f) => f / 100);
    const x = irr(flows);
    if (x.kind === 'none') {
      r.error('flows', x.message);
      return fail(r);
    }
    const n = npv(rn, flows);
    const pb = payback(flows);
    const dpb = payback(flows, rn);
    let cum = 0, dcum = 0;
    return result({
      taxYear: null,
      summary: [
        { label: `净现值 NPV（${pctText(rate)}）`, value: `${n.toFixed(2)} 元`, strong: true },
        { label: 'IRR', value: x.kind === 'one' ? rateText(x.rate) : x.rates.map(rateText).join('、') },
        { label: '静态回收期', value: pb === null ? '期内无法收回' : `${pb.toFixed(2)} 期` },
        { label: '动态回收期', value: dpb === null ? '期内无法收回' : `${dpb.toFixed(2)} 期` },
      ],
      tables: [{
        title: '现金流分析', columns: ['期数', '现金流', '累计现金流', '折现现金流', '累计折现现金流'],
        rows: flows.map((f, t) => {
          const d = f / Math.pow(1 + rn, t);
          cum += f; dcum += d;
          return [String(t), f.toFixed(2), cum.toFixed(2), d.toFixed(2), dcum.toFixed(2)];
        }),
      }],
      steps: [
        { text: `NPV = Σ 第t期现金流 ÷ (1 + ${pctText(rate)})^t，第0期不折现 = ${n.toFixed(2)}元。` },
        { text: 'IRR 为使 NPV = 0 的折现率：先在−99%以上的区间扫描净现值的符号变化，再在每个区间内用带区间保护的牛顿法求根。' },
        { text: '回收期 = 累计现金流由负转正的前一期 + 该期初尚未收回金额 ÷ 该期现金流；动态回收期使用折现后的现金流。' },
        ...(x.kind === 'multiple' ? [{ text: x.message }] : []),
      ],
      basis: [],
      notes: notesFor(today, null, x.kind === 'multiple' ? [x.message] : []),
    });
  },
};

// ------------------------------------------------------------------------------------------------------------
// 9. Depreciation

const methodNames: Record<DepreciationMethod, string> = { straight: '年限平均法', ddb: '双倍余额递减法', syd: '年数总和法', units: '工作量法' };

const depreciationTool: CalculatorTool = {
  id: 'depreciation',
  name: '固定资产折旧计算器',
  group: '资产折旧',
  summary: '年限平均法、双倍余额递减法（最后两年改直线法）、年数总和法、工作量法的折旧计划表。',
  keywords: ['折旧', '固定资产', '双倍余额递减', '年数总和', '工作量法', '直线法'],
  fields: [
    { name: 'method', label: '折旧方法', kind: 'select', default: 'ddb', options: (Object.keys(methodNames) as DepreciationMethod[]).map((k) => ({ value: k, label: methodNames[k] })) },
    { name: 'cost', label: '固定资产原值（元）', kind: 'money', default: '100000' },
    { name: 'salvage', label: '预计净残值（元）', kind: 'money', default: '4000' },
    { name: 'years', label: '折旧年限（年）', kind: 'integer', default: '5', showIf: (v) => v.method !== 'units' },
    { name: 'totalUnits', label: '预计总工作量', kind: 'integer', default: '10000', showIf: (v) => v.method === 'units' },
    { name: 'units', label: '各年实际工作量', kind: 'textarea', default: '3000,3000,2500,1500', placeholder: '按年份顺序填写，用逗号分隔', showIf: (v) => v.method === 'units' },
  ],
  compute(v, today) {
    const r = new InputReader(v);
    const method = r.choice<DepreciationMethod>('method', '折旧方法', ['straight', 'ddb', 'syd', 'units']);
    const cost = r.money('cost', '固定资产原值');
    const salvage = r.money('salvage', '预计净残值', { required: false });
    if (r.ok && cost === 0) r.error('cost', '固定资产原值必须大于0');
    if (r.ok && salvage > cost) r.error('salvage', '预计净残值不能超过原值');
    let years = 0;
    let units: { total: number; perYear: number[] } | undefined;
    if (method === 'units') {
      const total = r.integer('totalUnits', '预计总工作量', 1, 1e12);
      const perYear: number[] = [];
      for (const [i, p] of r.raw('units').split(/[,，\s]+/).filter(Boolean).entries()) {
        if (!/^\d+$/.test(p)) { r.error('units', `第${i + 1}年工作量必须是非负整数`); break; }
        perYear.push(Number(p));
      }
      if (r.ok && perYear.length === 0) r.error('units', '请填写各年实际工作量');
      if (r.ok && perYear.reduce((a, b) => a + b, 0) > total) r.error('units', '各年工作量合计不能超过预计总工作量');
      units = { total, perYear };
    } else {
      years = r.integer('years', '折旧年限', 1, 100);
    }
    if (!r.ok) return fail(r);
    const rows = depreciation(cost, salvage, years, method, units);
    return result({
      taxYear: null,
      summary: [
        { label: '折旧方法', value: methodNames[method] },
        { label: '应计折旧总额', value: yuan(cost - salvage) },
        { label: '首年折旧额', value: yuan(rows[0]!.depreciationFen), strong: true },
      ],
      tables: [{ title: '折旧计划表', columns: ['年份', '本年折旧', '累计折旧', '期末账面净值', '计算方法'], rows: rows.map((x) => [`第${x.year}年`, y(x.depreciationFen), y(x.accumulatedFen), y(x.bookValueFen), x.note]) }],
      steps: [
        { text: `应计折旧额 = 原值${y(cost)} − 预计净残值${y(salvage)} = ${y(cost - salvage)}元。` },
        method === 'ddb'
          ? { text: `双倍余额递减法年折旧率 = 2 ÷ ${years}，按期初账面净值计提；在折旧年限到期前两年内，将账面净值扣除预计净残值后的余额平均摊销。`, rule: '《企业会计准则第4号——固定资产》及应用指南' }
          : method === 'syd'
            ? { text: `年数总和法年折旧率 = 尚可使用年限 ÷ 年数总和（${(years * (years + 1)) / 2}）。`, rule: '《企业会计准则第4号——固定资产》' }
            : method === 'units'
              ? { text: `单位工作量折旧额 = 应计折旧额 ÷ 预计总工作量${units!.total}；年折旧 = 当年工作量 × 单位折旧额。`, rule: '《企业会计准则第4号——固定资产》' }
              : { text: `年折旧额 = 应计折旧额 ÷ ${years}年。`, rule: '《企业会计准则第4号——固定资产》' },
        { text: '各年金额四舍五入到分，最后一年以剩余金额计提，使累计折旧恰好等于应计折旧额。' },
      ],
      basis: [{ title: '企业会计准则第4号——固定资产', number: '财会〔2006〕3号' }],
      notes: notesFor(today, null, ['税法上的最低折旧年限见《企业所得税法实施条例》第六十条。']),
    });
  },
};

export const CALCULATORS: CalculatorTool[] = [iitSalary, yearEndBonus, iitAnnual, socialTool, vatTool, citTool, loanTool, investmentTool, depreciationTool];

/** The risk check is a tool page of its own (server-side report, PDF, quota). */
export const RISK_CHECK_TOOL: ToolInfo = {
  id: 'risk-check',
  name: '企业财务风险检测',
  group: '财务分析',
  summary: '录入或上传两年资产负债表与利润表，计算偿债、杠杆、盈利（杜邦分析）、营运、成长、现金流指标并提示风险，生成PDF报告。',
  keywords: ['财务风险', '风险检测', '财务分析', '杜邦分析', '财务比率', '报告'],
};

export const TOOLS: ToolInfo[] = [...CALCULATORS.map(({ id, name, group, summary, keywords }) => ({ id, name, group, summary, keywords })), RISK_CHECK_TOOL];

export function calculatorById(id: string): CalculatorTool | undefined {
  return CALCULATORS.find((t) => t.id === id);
}

/** Values for a calculator: its defaults overlaid with the given ones (e.g. from the URL). */
export function valuesFor(tool: CalculatorTool, given: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of tool.fields) out[f.name] = given[f.name] ?? f.default;
  return out;
}

/** Search by name, summary, group or keyword (case-insensitive). */
export function searchTools(q: string): ToolInfo[] {
  const s = q.trim().toLowerCase();
  if (!s) return TOOLS;
  return TOOLS.filter((t) => [t.name, t.summary, t.group, ...t.keywords].some((x) => x.toLowerCase().includes(s)));
}
