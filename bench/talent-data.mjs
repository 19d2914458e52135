// Synthetic talent pool shared by the recruiting and the national-scale benchmarks: star levels, public portraits
// (job intentions), education, work and credentials for chosen personal accounts, written by PostgreSQL itself.

export const PAIRS = [
  '河南省:郑州市', '河南省:洛阳市', '河南省:新乡市', '河北省:石家庄市', '河北省:保定市', '河北省:唐山市',
  '吉林省:长春市', '吉林省:吉林市', '贵州省:贵阳市', '贵州省:遵义市', '浙江省:宁波市', '浙江省:杭州市',
  '广西壮族自治区:南宁市', '广西壮族自治区:柳州市', '北京市:北京市', '上海市:上海市', '广东省:广州市', '广东省:深圳市',
  '四川省:成都市', '湖北省:武汉市',
];
export const POSITIONS = [
  '财务经理', '财务主管', '财务专员', '总账会计', '成本会计', '往来会计', '费用会计', '税务会计', '会计助理', '税务经理',
  '税务专员', '审计经理', '内部审计', '出纳员', '资金专员', '融资经理', '内控经理', '财务分析师', '预算经理', '预算专员',
];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const CREDENTIALS = ['中级会计专业技术资格', '初级会计专业技术资格', '注册会计师', '税务师', '管理会计师（CMA）'];

/** Talent queries a company makes: region, position, lowest star level. */
export const TALENT_QUERIES = [
  ['河南省', '总账会计', 3],
  ['河北省', '税务经理', 2],
  ['贵州省', '财务经理', 4],
  ['广西壮族自治区', '预算经理', 1],
  ['浙江省:宁波市', '成本会计', 3],
];

/** A stable pseudo-random pick in [0, n) per id and salt (PostgreSQL's hashint4): no correlation between fields. */
export const h = (expr, salt, n) => `((hashint4(${expr} * 31 + ${salt}) & 2147483647) % ${n})`;
export const arr = (xs) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * SQL that gives every personal account matched by `who` (a condition on `users u`) a star level, a public portrait
 * with two regions and two positions, a degree, a current job, and for one in three a credential. Star levels are
 * written before the portraits, which take their owner's level when they are inserted (migration 0020); a learner's
 * existing learning time is kept.
 */
export function talentPoolSql(who) {
  const people = `FROM users u WHERE u.role = 'personal' AND ${who}`;
  return `
    INSERT INTO users_personal_achieve (user_id, star_id, total_learn_time, finish_course_num)
      SELECT u.id, ${h('u.id', 8, 6)}, ${h('u.id', 9, 200)} * 3600, ${h('u.id', 10, 12)} ${people}
      ON CONFLICT (user_id) DO UPDATE SET star_id = excluded.star_id,
        total_learn_time = GREATEST(users_personal_achieve.total_learn_time, excluded.total_learn_time);
    INSERT INTO talent_apply_jobs (user_id, name, sex, birthday, salary, show_personal_info, citys, positions, industries, created_at, updated_at)
      SELECT u.id, (${arr(SURNAMES)})[1 + ${h('u.id', 1, SURNAMES.length)}] || '某某', ${h('u.id', 2, 2)}, '1990-01-01', ${h('u.id', 3, 7)}, true,
             (${arr(PAIRS)})[1 + ${h('u.id', 4, PAIRS.length)}] || ',' || (${arr(PAIRS)})[1 + ${h('u.id', 5, PAIRS.length)}],
             (${arr(POSITIONS)})[1 + ${h('u.id', 6, POSITIONS.length)}] || ',' || (${arr(POSITIONS)})[1 + ${h('u.id', 7, POSITIONS.length)}],
             '制造业', now() - (u.id % 5000) * interval '1 hour', now() - (u.id % 5000) * interval '1 hour'
        ${people};
    INSERT INTO talent_edus (user_id, school, major, degree, start_date, end_date, created_at)
      SELECT u.id, '某财经大学', '会计学', 1 + ${h('u.id', 11, 5)}, '2008-09-01', '2012-06-30', now() ${people};
    INSERT INTO talent_jobs (user_id, company, position, position_level, start_date, end_date, created_at)
      SELECT u.id, '某制造企业', '会计', 1, date '2012-07-01' + ${h('u.id', 12, 3000)}, NULL, now() ${people};
    INSERT INTO talent_credentials (user_id, name, issuer, issued_on, created_at)
      SELECT u.id, (${arr(CREDENTIALS)})[1 + ${h('u.id', 13, CREDENTIALS.length)}], '财政部', '2016-09-10', now()
        ${people} AND ${h('u.id', 14, 3)} = 0;`;
}
