const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The red 直播 mark of a class, or the white 回放 mark once its recording is attached (its card is then a replay). */
function badge(replay: boolean) {
  return replay
    ? `<rect x="24" y="24" width="64" height="26" rx="4" fill="#fff"/><text x="56" y="42" font-size="14" font-weight="700" fill="#1f2937" text-anchor="middle">回放</text>`
    : `<rect x="24" y="24" width="64" height="26" rx="4" fill="#ef4444"/><text x="56" y="42" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">直播</text>`;
}

/** The cover art of a live class (16:9): title, teacher and a 直播 or 回放 mark. */
export function liveCoverSvg(v: { title: string; teacher: string; hue: number; replay: boolean }) {
  const h = v.hue;
  const title = esc(v.title.length > 16 ? `${v.title.slice(0, 15)}…` : v.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},60%,38%)"/><stop offset="1" stop-color="hsl(${(h + 50) % 360},55%,20%)"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/>
${badge(v.replay)}
<text x="24" y="150" font-size="28" font-weight="700" fill="#fff">${title}</text>
<text x="24" y="200" font-size="17" fill="#fff" opacity="0.9">主讲：${esc(v.teacher)}</text>
</svg>`;
}
