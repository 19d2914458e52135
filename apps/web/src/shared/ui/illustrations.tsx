/** Inline SVG illustrations (no external images: CSP img/script self only, and no extra requests). */

export function BuildingIllustration({ size = 220 }: { size?: number }) {
  return (
    <svg width={size} height={(size * 160) / 220} viewBox="0 0 220 160" role="img" aria-label="建设中插图">
      <ellipse cx="110" cy="146" rx="92" ry="8" fill="#e8eef8" />
      <rect x="36" y="58" width="62" height="86" rx="4" fill="#dbe7fb" />
      <rect x="46" y="70" width="12" height="12" rx="2" fill="#fff" />
      <rect x="66" y="70" width="12" height="12" rx="2" fill="#fff" />
      <rect x="46" y="92" width="12" height="12" rx="2" fill="#fff" />
      <rect x="66" y="92" width="12" height="12" rx="2" fill="#9dbdf0" />
      <rect x="56" y="118" width="20" height="26" rx="2" fill="#1f5fbf" opacity=".8" />
      <rect x="112" y="88" width="70" height="56" rx="4" fill="#c6d9f7" />
      <rect x="122" y="100" width="50" height="6" rx="3" fill="#fff" />
      <rect x="122" y="114" width="36" height="6" rx="3" fill="#fff" />
      <path d="M150 20 L150 88" stroke="#f5a623" strokeWidth="5" strokeLinecap="round" />
      <path d="M112 24 L196 24" stroke="#f5a623" strokeWidth="5" strokeLinecap="round" />
      <path d="M186 24 L186 52" stroke="#8c8c8c" strokeWidth="2" />
      <rect x="178" y="52" width="16" height="12" rx="2" fill="#1f5fbf" />
      <path d="M118 24 L150 44" stroke="#f5a623" strokeWidth="3" />
      <g transform="translate(24 112)">
        <path d="M0 32 L12 0 L24 32 Z" fill="#fa8c16" />
        <rect x="4" y="14" width="16" height="4" fill="#fff" />
        <rect x="-2" y="30" width="28" height="4" rx="2" fill="#595959" />
      </g>
    </svg>
  );
}

export function LostIllustration({ size = 220 }: { size?: number }) {
  return (
    <svg width={size} height={(size * 160) / 220} viewBox="0 0 220 160" role="img" aria-label="页面不存在插图">
      <ellipse cx="110" cy="146" rx="92" ry="8" fill="#e8eef8" />
      <text x="110" y="100" textAnchor="middle" fontSize="72" fontWeight="700" fill="#dbe7fb">
        404
      </text>
      <circle cx="150" cy="62" r="26" fill="none" stroke="#1f5fbf" strokeWidth="7" />
      <path d="M169 81 L192 104" stroke="#1f5fbf" strokeWidth="9" strokeLinecap="round" />
      <circle cx="150" cy="62" r="17" fill="#fff" opacity=".7" />
      <path d="M143 56 Q150 48 157 56" fill="none" stroke="#9dbdf0" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
