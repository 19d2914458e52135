import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance','accessibility'] });
const a = r.lhr.audits;
console.log(r.lhr.runtimeError, r.lhr.runWarnings, a['largest-contentful-paint'].numericValue, a['largest-contentful-paint'].errorMessage, a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet);
for (const [id, x] of Object.entries(a)) if (x.score === 0 && r.lhr.categories.accessibility.auditRefs.some(ref => ref.id === id && ref.weight > 0)) console.log('a11y fail', id, JSON.stringify(x.details?.items?.slice(0,3)?.map(i => i.node?.snippet)));
await chrome.kill();
