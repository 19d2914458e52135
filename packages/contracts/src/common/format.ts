/** Seconds as h:mm:ss, hours omitted when zero (SPEC §9): 75 -> "01:15", 3675 -> "1:01:15". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** 13800138000 -> 138****8000, for logs and public views. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * A learning duration (seconds of study: total learning time, a week's ranking, watched time, hours on a resume) in
 * Chinese units, the one format every screen uses (docs/decisions.md); the server writes it into messages too:
 *   0 -> "0分钟", 45 -> "45秒", 480 -> "8分钟", 510 -> "8分30秒", 3600 -> "1小时", 4320 -> "1.2小时".
 * Under an hour: minutes and seconds; from an hour: hours to one decimal, a trailing ".0" dropped. A clock form such
 * as "08:30" is only for positions and lengths of a video (contracts' formatDuration, SPEC §9): as a learning time it
 * reads as eight and a half hours.
 */
export function formatLearnDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (s === 0) return '0分钟';
  if (s < 60) return `${s}秒`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const sec = s % 60;
    return sec === 0 ? `${m}分钟` : `${m}分${sec}秒`;
  }
  // Tenths of an hour rounded half up, so 3599 s stays "59分59秒" and 3600-3779 s is "1小时".
  const tenths = Math.round(s / 360);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}小时`;
}
