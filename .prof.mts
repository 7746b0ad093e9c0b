import { launchChromium } from './scripts/measure.ts';
import { startServer } from './tests/e2e/harness.ts';
import { practiceAnswers, CHECK_TO_FEEDBACK } from './scripts/bench-feedback.ts';
import { generateScenarios } from './src/lib/scenarios/index.ts';
const server = await startServer();
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
const count = 30, seed = 'bench-1';
const scenarios = generateScenarios({ seed, count });
await page.goto(`${server.url}/practice?seed=${seed}&n=${count}`);
const PROF = new Set([0, 1, 2, 3, 4, 25]);
for (let i = 0; i < count; i++) {
  await page.getByText(`Question ${i + 1} of ${count}`).waitFor();
  for (const { key, text } of practiceAnswers(scenarios[i]!, i % 2 === 1)) await page.locator(`#answer-${key}`).fill(text);
  if (PROF.has(i)) await cdp.send('Profiler.start');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.locator('#feedback-heading').waitFor();
  await page.waitForFunction(([n, k]) => performance.getEntriesByName(n as string, 'measure').length >= (k as number), [CHECK_TO_FEEDBACK, i + 1]);
  if (PROF.has(i)) {
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
    const self = new Map<string, number>();
    const dt = profile.timeDeltas ?? [];
    profile.samples!.forEach((id: number, k: number) => {
      const n: any = byId.get(id); const f = n.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[k] ?? 0) / 1000);
    });
    const ms = await page.evaluate((n) => performance.getEntriesByName(n, 'measure').at(-1)!.duration, CHECK_TO_FEEDBACK);
    const top = [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`Q${i + 1} measure ${ms.toFixed(1)} ms; busy ${[...self].filter(([k]) => !k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0).toFixed(1)} ms`);
    for (const [k, v] of top) console.log('   ', v.toFixed(1).padStart(6), k);
  }
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}
await browser.close(); await server.stop?.(); process.exit(0);
