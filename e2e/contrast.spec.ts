import { expect, test } from './fixtures.ts';
import { signInRequest } from './support.ts';

/**
 * What axe does not check, in both schemes: a text field's resting border stands out 3:1 from what
 * is behind it (WCAG 1.4.11), the page scrolls a focused control clear of the fixed bars (2.4.11),
 * and nothing animates for someone whose system asks for reduced motion.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme}: field borders at 3:1, scroll padding under the bars, no motion when reduced motion is asked`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), colorScheme, reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInRequest(page.request, 'E0001');
    await page.goto('/admin/journal');
    const outline = page.locator('.MuiOutlinedInput-notchedOutline').first();
    await expect(outline).toBeVisible({ timeout: 30_000 });
    const ratio = await outline.evaluate((element) => {
      const rgba = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      };
      // What is behind the field: the nearest ancestor with a background of its own.
      let behind = element.parentElement;
      let background = [255, 255, 255];
      while (behind) {
        const colour = rgba(getComputedStyle(behind).backgroundColor);
        if (colour.length === 3 || (colour.length === 4 && colour[3]! > 0)) {
          background = colour.slice(0, 3);
          break;
        }
        behind = behind.parentElement;
      }
      const [r, g, b, a = 1] = rgba(getComputedStyle(element).borderTopColor);
      const border = [r!, g!, b!].map((c, i) => c * a + background[i]! * (1 - a));
      const [light, dark] = [luminance(border), luminance(background)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
    const html = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { top: parseFloat(style.scrollPaddingTop), bottom: parseFloat(style.scrollPaddingBottom) };
    });
    expect(html.top).toBeGreaterThanOrEqual(64);
    expect(html.bottom).toBeGreaterThanOrEqual(56);
    const transition = await page
      .getByRole('button')
      .first()
      .evaluate((button) => parseFloat(getComputedStyle(button).transitionDuration));
    expect(transition).toBeLessThan(0.01);
    await context.close();
  });
}
