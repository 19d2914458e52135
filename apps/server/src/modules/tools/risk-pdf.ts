/** The risk-check report as a PDF (A4, Noto Sans SC): ratios, DuPont breakdown and the explained risks. */
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { RiskAnalysis } from '@app/contracts/tools/risk';
import { createCjkPdf } from '../../lib/pdf/cjk-pdf';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const GREY = rgb(0.4, 0.4, 0.4);
const RED = rgb(0.75, 0.1, 0.1);
const ORANGE = rgb(0.8, 0.42, 0.03);

/** Splits text into lines no wider than `width` (character by character: Chinese has no spaces). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (font.widthOfTextAtSize(line + ch, size) > width && line) {
      lines.push(line);
      line = ch;
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderRiskPdf(v: { companyName: string; createdAt: string; analysis: RiskAnalysis; siteName: string }): Promise<Uint8Array> {
  const { doc, regular, bold } = await createCjkPdf();
  doc.setTitle(`${v.companyName}财务风险检测报告`);
  doc.setCreator(v.siteName);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - MARGIN * 2;

  const ensure = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (s: string, opts: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) => {
    const size = opts.size ?? 10.5;
    const font = opts.font ?? regular;
    for (const line of wrap(s, font, size, width - (opts.indent ?? 0))) {
      ensure(size + 4);
      page.drawText(line, { x: MARGIN + (opts.indent ?? 0), y: y - size, size, font, color: opts.color ?? rgb(0.1, 0.1, 0.1) });
      y -= size + 5;
    }
    y -= opts.gap ?? 0;
  };
  const row = (cells: string[], widths: number[], font: PDFFont = regular) => {
    ensure(16);
    let x = MARGIN;
    cells.forEach((c, i) => {
      const w = widths[i]!;
      const fitted = wrap(c, font, 9.5, w - 4)[0] ?? '';
      page.drawText(fitted, { x: x + 2, y: y - 11, size: 9.5, font });
      x += w;
    });
    page.drawLine({ start: { x: MARGIN, y: y - 15 }, end: { x: MARGIN + width, y: y - 15 }, thickness: 0.4, color: rgb(0.85, 0.85, 0.85) });
    y -= 17;
  };

  text(`${v.companyName}`, { size: 18, font: bold });
  text('财务风险检测报告', { size: 16, font: bold, gap: 4 });
  text(`生成日期：${v.createdAt}    出具：${v.siteName}`, { size: 9.5, color: GREY, gap: 8 });
  const a = v.analysis;
  text(`综合评分：${a.score}分    风险等级：${a.level}    发现风险：${a.flags.length}项`, { size: 12, font: bold, gap: 8 });

  text('一、风险提示', { size: 13, font: bold, gap: 2 });
  if (a.flags.length === 0) text('未发现触发规则的风险项。', { gap: 6 });
  a.flags.forEach((f, i) => {
    text(`${i + 1}. 【${f.level === 'high' ? '高风险' : '关注'}】${f.title}`, { font: bold, color: f.level === 'high' ? RED : ORANGE });
    text(`发现：${f.finding}`, { indent: 12 });
    text(`说明：${f.explanation}`, { indent: 12 });
    text(`规则：${f.rule}`, { indent: 12, color: GREY, gap: 4 });
  });

  y -= 6;
  text('二、杜邦分析', { size: 13, font: bold, gap: 2 });
  text(`净资产收益率 ${a.dupont.roe ?? '无法计算'} = 销售净利率 ${a.dupont.netMargin ?? '无法计算'} × 总资产周转率 ${a.dupont.assetTurnover ?? '无法计算'} × 权益乘数 ${a.dupont.equityMultiplier ?? '无法计算'}`, { gap: 8 });

  text('三、财务指标', { size: 13, font: bold, gap: 2 });
  const widths = [70, 110, 190, 64, 65];
  row(['类别', '指标', '公式', '上年', '本年'], widths, bold);
  for (const r of a.ratios) row([r.group, r.name, r.formula, r.prior ?? '—', r.current ?? '—'], widths);
  y -= 8;
  text('本报告依据用户提交的财务数据按既定规则自动生成，仅供经营分析与风险自查参考，不构成审计或鉴证意见。', { size: 9, color: GREY });
  return doc.save();
}
