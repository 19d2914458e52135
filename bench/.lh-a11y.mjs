import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const url of process.argv.slice(2)) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'] });
  console.log('==', url, r.lhr.runtimeError?.code ?? '');
  for (const [id, x] of Object.entries(r.lhr.audits)) if (x.score === 0) console.log(' ', id, JSON.stringify((x.details?.items ?? []).slice(0, 6).map(i => [i.node?.snippet?.slice(0, 110), i.node?.explanation?.split('\n')[1]?.slice(0, 90)])));
}
await chrome.kill();
