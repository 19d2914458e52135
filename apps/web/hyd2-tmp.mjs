import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ locale:'zh-CN', timezoneId:'Asia/Shanghai' });
const p = await ctx.newPage();
const u = process.argv[2];
const html = await (await ctx.request.get('http://localhost:3121'+u)).text();
const p2 = await ctx.newPage();
await p2.setContent(html.replace(/<script[\s\S]*?<\/script>/g,''));
const ssr = await p2.evaluate(() => document.querySelector('main')?.innerText ?? '');
await p.goto('http://localhost:3121'+u); await p.waitForLoadState('networkidle');
const cl = await p.evaluate(() => document.querySelector('main')?.innerText ?? '');
const a = ssr.split('\n'), c = cl.split('\n');
for (let i=0;i<Math.max(a.length,c.length);i++) if (a[i]!==c[i]) { console.log(i, JSON.stringify(a[i]), '|', JSON.stringify(c[i])); }
await b.close();
