// Generated artwork of the demo catalogue: course covers and teacher photos as SVG (text is drawn by the
// browser with its own CJK fonts, so the server needs none). Served by the media routes under /media/art/.

const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

const PALETTES: [string, string, string][] = [
  ['#0f3d91', '#2f7de1', '#9cc7ff'],
  ['#7a1f3d', '#d9466f', '#ffc2d1'],
  ['#0b5d4b', '#1fa37f', '#a7f0d6'],
  ['#7a4a05', '#e0952b', '#ffe0a8'],
  ['#3b1f7a', '#7b4fe0', '#d6c7ff'],
  ['#0c4a5e', '#1b95b8', '#a8e6f7'],
  ['#5e2a0c', '#c2612b', '#ffd2b3'],
  ['#243042', '#4a6283', '#c8d6ea'],
];

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

/** Splits a title into lines of at most `width` characters, breaking after punctuation when it can. */
export function wrapTitle(title: string, width: number): string[] {
  const chars = [...title];
  const lines: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = Math.min(chars.length, start + width);
    if (end < chars.length) {
      for (let i = end; i > start + width / 2; i--) {
        if ('：，、——·）'.includes(chars[i - 1]!)) {
          end = i;
          break;
        }
      }
    }
    lines.push(chars.slice(start, end).join(''));
    start = end;
  }
  return lines.slice(0, 3);
}

/** A 16:9 cover: gradient, soft geometric pattern, the tag as a pill, the title and the teacher. */
export function coverSvg(input: { key: string; title: string; tag: string; teacher: string }): string {
  const [dark, mid, light] = PALETTES[hash(input.key) % PALETTES.length]!;
  const lines = wrapTitle(input.title, 12);
  const lineHeight = 52;
  const top = 180 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, i) => `<text x="48" y="${top + i * lineHeight}" font-size="42" font-weight="700" fill="#fff">${escapeXml(line)}</text>`)
    .join('');
  const tagWidth = 28 + [...input.tag].length * 22;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${escapeXml(input.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="560" cy="70" r="150" fill="${light}" opacity="0.14"/><circle cx="610" cy="330" r="110" fill="${light}" opacity="0.12"/>
<path d="M0 300 Q160 250 320 300 T640 290 V360 H0Z" fill="#fff" opacity="0.08"/>
<g font-family="${FONT}">
<rect x="48" y="40" rx="16" width="${tagWidth}" height="32" fill="#fff" opacity="0.2"/>
<text x="62" y="63" font-size="20" fill="#fff">${escapeXml(input.tag)}</text>
${text}
<text x="48" y="318" font-size="22" fill="${light}">主讲：${escapeXml(input.teacher)}</text>
</g></svg>`;
}

/** A round portrait: gradient disc with the surname. */
export function avatarSvg(input: { name: string; colors: [string, string] }): string {
  const surname = escapeXml([...input.name][0] ?? '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(input.name)}">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${input.colors[0]}"/><stop offset="1" stop-color="${input.colors[1]}"/></linearGradient></defs>
<circle cx="100" cy="100" r="100" fill="url(#a)"/>
<circle cx="100" cy="78" r="34" fill="#fff" opacity="0.18"/><path d="M38 176 Q100 110 162 176" fill="#fff" opacity="0.18"/>
<text x="100" y="122" text-anchor="middle" font-family="${FONT}" font-size="72" font-weight="700" fill="#fff">${surname}</text>
</svg>`;
}
