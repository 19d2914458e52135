import { CheckCircleFilled, CloseOutlined, CrownFilled } from '@ant-design/icons';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MEMBER_BENEFITS_PRIMARY, MEMBER_BENEFITS_SECONDARY } from '@app/contracts/members/members.rules';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { markBenefitsShown } from '../lib/benefits-flag';
import { BUY_VIP_PATH } from '../lib/member-paths';
import './benefits-modal.css';

/** Bottom edge of the site header (or of the fixed navigation once scrolled): the overlay starts below it. */
function headerBottom(): number {
  const edges = ['.site-header', '.site-nav--fixed'].map((s) => document.querySelector(s)?.getBoundingClientRect().bottom ?? 0);
  return Math.max(0, ...edges);
}

/** The parts of the shell the overlay covers: made inert while it is open. */
const COVERED = '.site-main, .site-footer, .back-to-top';

const BENEFIT_COUNT = MEMBER_BENEFITS_PRIMARY.length + MEMBER_BENEFITS_SECONDARY.length;

/** One titled list of benefits, each with a check mark. */
function BenefitList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <section className="benefits-modal__list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul>
        {items.map((b) => (
          <li key={b}>
            <CheckCircleFilled className="benefits-modal__check" aria-hidden="true" />
            {b}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The membership-benefits modal (SPEC §2), rendered while the session flag `benefitsModalVisible` is on. Plain
 * React + CSS (it opens over home, which loads no antd). Designed for 1920 px and scaled with the viewport width
 * (see the CSS). It covers the page below the site header, so the header stays usable (search, account menu,
 * navigation). It is home's modal: the shell shows it only on home and turns the flag off when the user leaves.
 */
export default function BenefitsModal() {
  const setBenefitsModal = useSessionStore((s) => s.setBenefitsModal);
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const [top, setTop] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);

  const close = () => setBenefitsModal(false);

  useLayoutEffect(() => {
    const measure = () => setTop(headerBottom());
    measure();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    window.addEventListener('resize', measure);
    // Escape closes it wherever focus is (the dialog, or the header left usable above it).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setBenefitsModal(false);
    };
    document.addEventListener('keydown', onKey);
    // What it covers cannot be reached by Tab either (the header above it stays usable).
    const covered = [...document.querySelectorAll<HTMLElement>(COVERED)].filter((el) => !el.inert);
    for (const el of covered) el.inert = true;
    // Focus moves to the dialog unless the user is typing somewhere (e.g. the header search box), and returns where it
    // was when the dialog closes.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const dialog = dialogRef.current;
    if (!opener) dialog?.focus();
    return () => {
      root.style.overflow = overflow;
      window.removeEventListener('resize', measure);
      document.removeEventListener('keydown', onKey);
      for (const el of covered) el.inert = false;
      const focusInside = !document.activeElement || document.activeElement === document.body || dialog?.contains(document.activeElement);
      if (opener?.isConnected && focusInside) opener.focus();
    };
  }, [setBenefitsModal]);

  // Seen today once it has really been shown (not when home asked for it: the user may have left first).
  useEffect(() => {
    if (user) markBenefitsShown(user);
  }, [user]);

  return (
    <div className="benefits-overlay" style={{ top }} onClick={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialogRef}
        className="benefits-modal"
        role="dialog"
        aria-labelledby="benefits-modal-title"
        tabIndex={-1}
      >
        <button type="button" className="benefits-modal__close" aria-label="关闭" title="关闭" onClick={close}>
          <CloseOutlined />
        </button>
        <div className="benefits-modal__head">
          <CrownFilled className="benefits-modal__crown" aria-hidden="true" />
          <div>
            <h2 id="benefits-modal-title">会员专享权益</h2>
            <p>开通会员，尊享{BENEFIT_COUNT}项专属权益</p>
          </div>
        </div>
        <div className="benefits-modal__lists">
          <BenefitList id="benefits-primary-title" title="学习与服务权益" items={MEMBER_BENEFITS_PRIMARY} />
          <BenefitList id="benefits-secondary-title" title="职业发展权益" items={MEMBER_BENEFITS_SECONDARY} />
        </div>
        <footer className="benefits-modal__foot">
          <button
            type="button"
            className="benefits-modal__cta"
            onClick={() => {
              close();
              navigate(BUY_VIP_PATH);
            }}
          >
            领取权益
          </button>
        </footer>
      </div>
    </div>
  );
}
