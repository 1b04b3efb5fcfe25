import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

/** What fails a journey: a person using assistive technology is blocked or badly hindered. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now and fails on every violation of impact serious or critical,
 * naming each (rule, impact, the elements). Lesser ones are attached to the report, not failed on.
 * `label` says which screen this is (and in which scheme), for the messages.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  // Colours are read as they are painted: a button still fading from disabled to enabled (MUI's
  // 250 ms transition) would be judged on a blend of both. Wait until nothing is animating, after
  // two frames: a change just made (a colour scheme switched) starts its transitions only at the
  // next style recalculation, and checked before that the page looked still (CI: the bottom
  // navigation's labels judged at #8f8f8f, half-way from dark to light).
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page
    .waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 5_000 })
    .catch(() => {});
  const results = await new AxeBuilder({ page }).analyze();
  const lines = (impactWanted: (impact: string) => boolean) =>
    results.violations
      .filter((v) => impactWanted(v.impact ?? 'unknown'))
      .flatMap((v) => [
        `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${v.helpUrl}`,
        ...v.nodes.map(
          (node) => `    ${node.target.map(String).join(' >> ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        ),
      ]);
  const incomplete = results.incomplete.map(
    (v) => `${v.id} (${v.impact ?? 'unknown'}, needs review): ${v.nodes.length} element(s), e.g. ${String(v.nodes[0]?.target ?? '')}`,
  );
  test.info().annotations.push({
    type: `axe on ${label}`,
    description: `${results.passes.length} rules passed, ${results.violations.length} violated, ${results.incomplete.length} to review${incomplete.length ? `\n${incomplete.join('\n')}` : ''}`,
  });
  const minor = lines((impact) => !BLOCKING.has(impact));
  if (minor.length > 0) test.info().annotations.push({ type: `axe (minor/moderate) on ${label}`, description: minor.join('\n') });
  const blocking = lines((impact) => BLOCKING.has(impact));
  if (blocking.length > 0) console.log(`axe on ${label}:\n${blocking.join('\n')}`);
  expect(blocking, `serious or critical axe violations on ${label}`).toEqual([]);
}
