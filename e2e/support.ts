import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Signs in through the demo sign-in screen, as a person would. */
export async function signIn(page: Page, name = 'Cook'): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  const field = page.getByLabel('Staff member');
  await field.fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Screenshots for a person to look at (ignored by git), in the given colour scheme. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}
