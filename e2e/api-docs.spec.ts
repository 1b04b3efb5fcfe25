import { startBackend, type TestBackend } from '../src/testing/backend.ts';
import { expect, test } from './fixtures.ts';

/**
 * #31 item 16: the reference page of the API, as a third-party developer opens it, at `/api/docs`
 * with and without its trailing slash, in Chromium: the document loads and its operations show
 * (without the slash the initializer used to resolve `../openapi.json` against the page and get
 * "Failed to load API definition").
 */
let backend: TestBackend;
test.beforeAll(async () => {
  backend = await startBackend({ scale: 0.05 });
});
test.afterAll(() => backend?.close());

for (const path of ['/docs', '/docs/']) {
  test(`/api${path} renders the OpenAPI document with its operations`, async ({ page }) => {
    const documents: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/openapi.json')) documents.push(response.status());
    });
    await page.goto(`${backend.baseUrl}${path}`);
    await expect(page.getByRole('heading', { name: /Student Success service/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Failed to load API definition')).toHaveCount(0);
    await expect(page.locator('.opblock').first()).toBeVisible();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(30);
    expect(documents).toEqual([200]);
  });
}
