import { MailOutlined, PhoneOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { FOOTER_HELP_ITEMS } from '@app/contracts/common/constants';
import { HELP_TYPES } from '@app/contracts/common/dictionaries';
import { useCommonData, useSiteName } from '@/features/content/api/use-common-data';
import { useProblems } from '@/features/content/api/use-problems';
import { helpCenterPath } from '@/shared/config/navigation';

/** SPEC §2 footer working hours; common_data may override it. */
const DEFAULT_WORKING_HOURS = '09:00-17:00';

function HelpColumns() {
  const { data: groups, isError } = useProblems();
  return (
    <div className="site-footer__help">
      {HELP_TYPES.map((type) => {
        const group = groups?.find((g) => g.ttype === type.value);
        const groupName = group?.name || type.label;
        const problems = group?.problems.slice(0, FOOTER_HELP_ITEMS) ?? [];
        return (
          <section key={type.value} className="site-footer__col" aria-label={type.label}>
            <h2 className="site-footer__title">{type.label}</h2>
            <ul>
              {problems.map((p) => (
                <li key={p.id}>
                  <Link to={helpCenterPath(groupName, p.name)}>{p.name}</Link>
                </li>
              ))}
              {groups && problems.length === 0 && <li className="site-footer__muted">暂无内容</li>}
              {isError && <li className="site-footer__muted">内容加载失败</li>}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export function SiteFooter() {
  const { data: common } = useCommonData();
  const siteName = useSiteName();
  const phones = common?.contact_phones ?? [];
  return (
    <footer className="site-footer">
      <div className="page-container site-footer__main">
        <HelpColumns />
        <section className="site-footer__contact" aria-label="联系我们">
          <h2 className="site-footer__title">联系我们</h2>
          {phones.length > 0 && (
            <p>
              <PhoneOutlined aria-hidden="true" /> 联系电话：
              {phones.map((phone, i) => (
                <span key={phone}>
                  {i > 0 && ' / '}
                  <a href={`tel:${phone.replace(/[^\d+-]/g, '')}`}>{phone}</a>
                </span>
              ))}
            </p>
          )}
          <p>
            <ClockCircleOutlined aria-hidden="true" /> 工作时间：{common?.working_hours || DEFAULT_WORKING_HOURS}
          </p>
          {common?.mailbox && (
            <p>
              <MailOutlined aria-hidden="true" /> 联系邮箱：<a href={`mailto:${common.mailbox}`}>{common.mailbox}</a>
            </p>
          )}
        </section>
        {common?.qr_code_url && (
          <figure className="site-footer__qr">
            {/* Not lazy: on a short page (login) it is in the first screen and its largest image; it is 2 KB. */}
            <img src={common.qr_code_url} alt="公众号二维码" width={104} height={104} />
            <figcaption>关注公众号</figcaption>
          </figure>
        )}
      </div>
      <div className="site-footer__bottom">
        <div className="page-container site-footer__bottom-inner">
          <span>
            © {new Date().getFullYear()} {siteName}
          </span>
          {common?.filing_numbers.map((f) => (
            <a key={f.text} href={f.url} target="_blank" rel="noopener noreferrer">
              {f.text}
            </a>
          ))}
        </div>
      </div>
    </footer>
  );
}
