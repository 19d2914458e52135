const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The cover art of an issue (3:4), drawn from its title, month and hue. */
export function magazineCoverSvg(v: { title: string; year: number; month: number; issueNo: number; hue: number; toc: string[] }) {
  const h = v.hue;
  const lines = v.toc
    .slice(0, 4)
    .map((t, i) => `<text x="24" y="${250 + i * 22}" font-size="13" fill="#fff" opacity="0.92">· ${esc(t.slice(0, 16))}</text>`)
    .join('');
  const title = esc(v.title.slice(0, 12));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},62%,34%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},58%,22%)"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<rect x="0" y="0" width="300" height="8" fill="hsl(${(h + 180) % 360},70%,60%)"/>
<text x="24" y="56" font-size="14" fill="#fff" opacity="0.8" letter-spacing="4">财税人才 · 月刊</text>
<text x="24" y="110" font-size="30" font-weight="700" fill="#fff">${title}</text>
<text x="24" y="150" font-size="16" fill="#fff" opacity="0.9">${v.year} 年 ${v.month} 月 · 第 ${v.issueNo} 期</text>
<line x1="24" y1="200" x2="276" y2="200" stroke="#fff" stroke-opacity="0.4"/>
<text x="24" y="228" font-size="13" fill="#fff" opacity="0.7">本期要目</text>
${lines}
</svg>`;
}
