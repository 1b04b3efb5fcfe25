import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Signs in as a person would: opens `path` (default `/`), which without a session goes straight
 * to the development identity provider, picks the person by name, and lands back on `path`.
 */
export async function signIn(page: Page, name = 'Camille Cook', path = '/'): Promise<void> {
  await page.goto(path);
  await pickOnProvider(page, name);
}

/** On the development provider's screen: choose the person whose button matches `name` (name or identifier). */
export async function pickOnProvider(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/dev-idp\/interaction\//);
  await expect(page.getByText('This is the development identity provider')).toBeVisible();
  const person = page.getByRole('form', { name: 'Staff' }).getByRole('button', { name: new RegExp(name) });
  if ((await person.count()) > 0) {
    await person.first().click();
  } else {
    // Not in the staff list (a student): typed as "anyone else, by identifier".
    await page.getByLabel(/Anyone else, by identifier/).fill(name);
    await page.getByRole('button', { name: 'Sign in as this person' }).click();
  }
  await expect(page).not.toHaveURL(/\/dev-idp\//);
}

/**
 * Signs `request` (a page's or a context's request context, which keeps the cookies) in as
 * `identifier` through the development provider, without a browser page.
 */
export async function signInRequest(request: APIRequestContext, identifier: string, returnTo = '/'): Promise<void> {
  const screen = await request.get(`/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  expect(screen.url()).toMatch(/\/dev-idp\/interaction\//);
  const field = (await screen.text()).includes(`value="${identifier}"`) ? 'identifier' : 'other';
  const landed = await request.post(screen.url(), { form: { [field]: identifier } });
  expect(landed.ok(), `signing in as ${identifier}: ${landed.status()} at ${landed.url()}`).toBe(true);
}

/** The `Origin` a page of the dashboard sends with a write (the gateway refuses writes without it). */
export const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** Screenshots for a person to look at (ignored by git), in the given colour scheme. */
/**
 * A screenshot into e2e/screenshots. `window: true` captures the window only: a full-page capture
 * resizes the viewport for a moment (to 1×1 at times), which flips a page to its phone layout and
 * back, remounting its rows and any dialog opened from one.
 */
export async function screenshot(page: Page, name: string, options: { window?: boolean } = {}): Promise<void> {
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: !options.window });
}

/**
 * Ticks a checkbox whose state the page controls (a data grid's row selection): a click, then a
 * wait for it to show checked. Not `locator.check()`, which reads the state at once and, under
 * load, before the render that shows it.
 */
export async function tick(box: Locator): Promise<void> {
  await box.click();
  await expect(box).toBeChecked();
}
