import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';
import { JobIntentionDialog } from '@/features/talent/components/job-intention-dialog';
import { StudentCardDialog } from '@/features/talent/components/student-card-dialog';
import { RoleGuard } from '../../guards/role-guard';
import { CentreBanner } from './centre-banner';
import { CompanyBanner } from './company-banner';
import { activeMenuKey, menuForRole } from './centre-menu';
import { CentreEntryGrid, CentrePhoneMenu } from './centre-phone-menu';
import './centre.css';

/**
 * /center/*: banner on top, role-filtered side menu, the routed centre screen (role-checked) on the right. On a phone
 * the side menu is a 菜单 button opening a drawer with the same entries, and /center/student starts with a grid of
 * them; the screen takes the full width.
 */
export default function CentreLayout() {
  const role = useSessionStore(selectRole);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const entries = menuForRole(role);
  const selected = activeMenuKey(pathname, entries, search);
  const phone = useIsPhone();

  return (
    <div className="centre">
      {role === 'company' ? <CompanyBanner /> : <CentreBanner />}
      <div className="page-container centre__body">
        {phone ? (
          <CentrePhoneMenu entries={entries} selected={selected} />
        ) : (
          <aside className="centre__side">
            <nav aria-label="个人中心菜单">
              <Menu
                mode="inline"
                selectedKeys={selected ? [selected] : []}
                items={entries.map((e) => ({ key: e.key, label: e.label }))}
                onClick={({ key }) => {
                  const entry = entries.find((e) => e.key === key);
                  if (entry) navigate(entry.path);
                }}
              />
            </nav>
          </aside>
        )}
        {phone && pathname === '/center/student' && <CentreEntryGrid entries={entries} />}
        <section className="centre__content" data-skip-target tabIndex={-1}>
          <RoleGuard>
            <Outlet />
          </RoleGuard>
        </section>
      </div>
      {/* The banner's 求职意向 overlays (SPEC §2), opened by the session's job and student switches: a learner's, never
          a company's (which has neither a job intention nor a personal membership to buy). */}
      {role !== 'company' && (
        <>
          <JobIntentionDialog />
          <StudentCardDialog />
        </>
      )}
    </div>
  );
}
