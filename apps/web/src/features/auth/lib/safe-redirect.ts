/**
 * The `redirect` query after login may only name a path on this site: it must start with a single '/'.
 * '//host' and '/\host' are protocol-relative URLs to another site (open redirect), so they fall back to '/'.
 */
export function safeRedirectPath(raw: string | null | undefined): string {
  if (!raw) return '/';
  if (!raw.startsWith('/')) return '/';
  if (raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // Control characters (tab, newline) are dropped by URL parsers and can turn '/\t/evil.com' into '//evil.com'.
  for (const ch of raw) {
    const c = ch.charCodeAt(0);
    if (c < 0x20 || c === 0x7f) return '/';
  }
  return raw;
}
