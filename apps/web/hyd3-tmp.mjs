import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ locale:'zh-CN', timezoneId:'Asia/Shanghai' });
const p = await ctx.newPage();
p.on('pageerror', e => console.log('ERR', e.message.slice(0,80), '\n', (e.stack||'').split('\n').slice(0,12).join('\n')));
p.on('console', m => { if (m.type()==='error') console.log('CONSOLE', m.text().slice(0,300)); });
await p.goto('http://localhost:3121'+process.argv[2]); await p.waitForLoadState('networkidle');
await b.close();
