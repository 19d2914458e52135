/** The site's mark (same drawing as favicon.svg), inline so it needs no request. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-mark-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f7be0" />
          <stop offset="1" stopColor="#1a4f9f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#logo-mark-g)" />
      <rect x="14" y="36" width="8" height="14" rx="2" fill="#fff" opacity=".75" />
      <rect x="28" y="27" width="8" height="23" rx="2" fill="#fff" opacity=".88" />
      <rect x="42" y="16" width="8" height="34" rx="2" fill="#fff" />
      <path d="M13 30 L27 20 L35 25 L50 11" fill="none" stroke="#ffd666" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
