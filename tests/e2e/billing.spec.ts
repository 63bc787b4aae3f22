/**
 * The profile's Billing details section (docs/product.md#billing-details) as a person uses it: the rules' messages
 * are tied to their fields and pass axe's WCAG checks, and what is saved is shown again, in its normal form, after
 * a reload.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { existingAccount, openApp, withStoredToken } from './model/support';

test('billing details: a refused VAT number is described on its field; saved details come back after a reload', async ({
  page,
}) => {
  await withStoredToken(page, (await existingAccount(page)).token);
  await openApp(page, '/profile');
  const billing = page.getByRole('region', { name: 'Billing details' });
  const vat = billing.getByLabel('VAT number');
  const save = billing.getByRole('button', { name: 'Save billing details' });
  await expect(save).toBeDisabled();

  await vat.fill('gb 123 456 789');
  await expect(vat).toHaveAccessibleDescription('A VAT number needs a billing name and a billing address.');
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  const results = await new AxeBuilder({ page })
    .include('section[aria-labelledby="billing-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations).toEqual([]);

  await billing.getByLabel('Billing name').fill('  Ada Analytics Ltd ');
  await billing.getByLabel('Billing address').fill('1 Main Street\n\nLondon ');
  await expect(vat).not.toHaveAttribute('aria-invalid');
  await save.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your billing details have been saved.' })).toBeVisible();
  await expect(vat).toHaveValue('GB123456789');
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(billing.getByLabel('Billing name')).toHaveValue('Ada Analytics Ltd');
  await expect(billing.getByLabel('Billing address')).toHaveValue('1 Main Street\nLondon');
  await expect(vat).toHaveValue('GB123456789');
});
