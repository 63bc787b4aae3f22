import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatPrice, servicesByPrice } from '#domain/catalogue/services';
import { stopTheClock } from './model/support';
import { holdFile, newAccount, open, passServiceSpinner, passSplash, register } from './support';

async function startOrder(page: Page, serviceId: string) {
  await open(page, `/service/${serviceId}/details`);
  await passServiceSpinner(page);
  await page.getByRole('button', { name: "Let's go!" }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/request$`));
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const back = (page: Page) => page.getByRole('button', { name: 'Back' });
const currentStep = (page: Page) => page.locator('[aria-current="step"]');
/** The confirmation of the checkout the customer came back from. */
const notice = (page: Page) => page.getByTestId('payment-notice').locator('p');

type Service = (typeof servicesByPrice)[number];
type Account = ReturnType<typeof newAccount>;

/** 1 to 4: the wizard's steps, back and forth, up to the checkout. */
async function walksTheWizard(page: Page, first: Service) {
  // 1. Review
  await expect(currentStep(page)).toContainText('Review');
  await expect(page.getByRole('heading', { name: 'Service Review' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: first.title })).toBeVisible();
  await expect(back(page)).toBeDisabled();
  await next(page).click();

  // 2. Information: both choices, the required input, and back and forth.
  await expect(currentStep(page)).toContainText('Information');
  const url = page.getByPlaceholder('Your website URL or application name...');
  await expect(url).toHaveCount(0);
  await page.getByLabel('I have an existing website or application').check();
  await expect(url).toBeVisible();
  await expect(url).toHaveAttribute('required', '');
  await expect(next(page)).toBeDisabled();
  await url.fill('  shop.example.com  ');
  await page.getByLabel("I don't have an existing website or application").check();
  await expect(url).toHaveCount(0);
  await page.getByLabel('I have an existing website or application').check();
  await expect(url).toHaveValue('  shop.example.com  ');
  await back(page).click();
  await expect(currentStep(page)).toContainText('Review');
  await next(page).click();
  await expect(page.getByLabel('I have an existing website or application')).toBeChecked();
  await next(page).click();

  // 3. Delivery: the three types, PDF by default.
  await expect(currentStep(page)).toContainText('Delivery');
  await expect(page.getByLabel('PDF file sent to my email')).toBeChecked();
  await page.getByLabel('Audio call').check();
  await page.getByLabel('Video meeting').check();
  await next(page).click();

  // 4. Confirmation
  await expect(currentStep(page)).toContainText('Confirmation');
  const summary = page.locator('dl');
  await expect(summary).toContainText(first.title);
  await expect(summary).toContainText(formatPrice(first.price));
  // The type has one name everywhere: the Delivery step's, never the value sent to the server.
  await expect(summary).toContainText('Video meeting');
  await expect(summary).not.toContainText('Video Meeting');
  await expect(summary).toContainText('shop.example.com');
  await expect(next(page)).toHaveCount(0);
  await back(page).click();
  await expect(currentStep(page)).toContainText('Delivery');
  await next(page).click();
  await page.getByRole('button', { name: 'Confirm & Checkout' }).click();
}

/** The sandbox checkout, and the paid invoice's card once back; answers the invoice cards. */
async function paysInTheSandbox(page: Page, first: Service): Promise<Locator> {
  // The sandbox checkout, clearly in test mode.
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await expect(page.getByText(first.title).first()).toBeVisible();
  await expect(page.getByText(formatPrice(first.price)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back from the checkout, the page says the payment went through.
  await expect(page).toHaveURL(/\/invoices(\?payment=paid)?$/);
  await passSplash(page);
  await expect(notice(page)).toHaveText('Payment received — thank you');
  // The address forgets the return once the page has taken it: a reload announces nothing again.
  await expect(page).toHaveURL(/\/invoices$/);
  await page.reload();
  await passSplash(page);
  await expect(page.getByTestId('invoice-card').first()).toContainText('Paid on');
  await expect(notice(page)).toHaveCount(0);
  const cards = page.getByTestId('invoice-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Paid');
  await expect(cards.first()).toContainText('Paid on');
  await expect(cards.first()).toContainText(formatPrice(first.price));
  await expect(cards.first()).toContainText('Video meeting');
  await expect(cards.first()).not.toContainText('Video Meeting');
  await expect(cards.first()).toContainText('shop.example.com');
  await expect(cards.first().getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  // The sandbox moved no money, and the card says so.
  await expect(cards.first().getByTestId('test-payment')).toHaveText('Test payment — no money was taken');
  return cards;
}

/** The paid order's document: its number on the card, and a PDF that says what was bought, from whom, by whom. */
async function receiptSaysWhatWasBought(page: Page, cards: Locator, customer: Account, first: Service) {
  const numberOnCard = cards.first().getByTestId('invoice-number');
  await expect(numberOnCard).toHaveText(/^TEST-NG-\d{4}-\d{6}$/);
  const number = (await numberOnCard.textContent())!;
  const download = page.waitForEvent('download');
  await cards.first().getByRole('button', { name: 'Download invoice (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await file.path())!)));
  const { text } = await extractText(pdf, { mergePages: true });
  for (const expected of [
    number,
    'Receipt',
    'Test — not a tax document',
    'Northgate IT Consulting Ltd',
    customer.name,
    customer.email,
    first.title,
    'Video meeting',
    formatPrice(first.price),
  ]) {
    expect(text).toContain(expected);
  }
}

/** A second order, cancelled at the checkout, stays unpaid; answers its card and its checkout's first link. */
async function cancelsASecondOrder(page: Page, cards: Locator, first: Service, second: Service) {
  await startOrder(page, second.id);
  await next(page).click();
  await next(page).click();
  await next(page).click();
  await expect(page.locator('dl')).toContainText('Not provided');
  await expect(page.locator('dl')).toContainText('PDF file sent to my email');
  await page.getByRole('button', { name: 'Confirm & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const firstLink = page.url();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/invoices(\?payment=cancelled)?$/);
  await passSplash(page);
  await expect(notice(page)).toHaveText('Payment cancelled — you can pay from the invoice card');
  await expect(cards).toHaveCount(2);
  const newest = cards.first();
  await expect(newest).toContainText(second.title);
  await expect(newest).toContainText('Unpaid');
  await expect(newest).not.toContainText('Paid on');
  await expect(newest).toContainText('Not provided');
  await expect(newest).toContainText('PDF file sent to my email');
  await expect(newest.getByTestId('test-payment')).toHaveText('Test checkout — no money will be taken');
  await expect(cards.nth(1)).toContainText(first.title);
  await expect(cards.nth(1).getByTestId('test-payment')).toHaveText('Test payment — no money was taken');
  // The marker is plain text in the card, with enough contrast.
  const results = await new AxeBuilder({ page })
    .include('[data-testid="invoice-card"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations).toEqual([]);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);
  return { newest, firstLink };
}

/**
 * Paying the cancelled order later: Pay now opens a fresh checkout, and the first link no longer works.
 * A double click makes one link, not two (the second would replace the first while the browser follows it).
 */
async function paysTheCancelledOrderLater(
  page: Page,
  cards: Locator,
  newest: Locator,
  firstLink: string,
  second: Service,
) {
  const renewals: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/invoices\/pay\//.test(request.url())) renewals.push(request.url());
  });
  await newest.getByRole('button', { name: 'Pay now' }).dblclick();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  expect(renewals).toHaveLength(1);
  const freshLink = page.url();
  expect(freshLink).not.toBe(firstLink);
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'Link replaced' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.goto(freshLink);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/invoices(\?payment=paid)?$/);
  await passSplash(page);
  await expect(notice(page)).toHaveText('Payment received — thank you');
  await expect(cards.first()).toContainText(second.title);
  await expect(cards.first()).toContainText('Paid on');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
}

test('a customer walks the wizard, pays in the sandbox and sees the invoice paid; a cancelled order stays unpaid', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = newAccount();
  await register(page, customer);
  const first = servicesByPrice[1]!;
  await startOrder(page, first.id);

  await walksTheWizard(page, first);
  const cards = await paysInTheSandbox(page, first);
  await receiptSaysWhatWasBought(page, cards, customer, first);
  const second = servicesByPrice[0]!;
  const { newest, firstLink } = await cancelsASecondOrder(page, cards, first, second);
  await paysTheCancelledOrderLater(page, cards, newest, firstLink, second);
});

test('a new customer has no invoices yet', async ({ page }) => {
  await register(page, newAccount());
  await open(page, '/invoices');
  await expect(page.getByText('You have no invoices yet.')).toBeVisible();
});

test('when the invoice list cannot be loaded the page says nothing about it, and loads it again on request', async ({
  page,
}) => {
  await register(page, newAccount());
  // The network fails under the page (the server is never reached).
  let failing = true;
  await page.route('**/api/invoices/my', (route) => (failing ? route.abort('connectionreset') : route.continue()));
  await open(page, '/invoices');
  const again = page.getByRole('button', { name: 'Load invoices again' });
  await expect(again).toBeVisible();
  await expect(page.getByText('You have no invoices yet.')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/error|failed/i)).toHaveCount(0);
  await expect(page.getByTestId('invoice-card')).toHaveCount(0);
  failing = false;
  await again.click();
  await expect(page.getByText('You have no invoices yet.')).toBeVisible();
  await expect(again).toHaveCount(0);
});

test('a failed invoice creation shows the error toast; the ended session then asks to sign in again', async ({
  page,
}) => {
  await register(page, newAccount());
  const service = servicesByPrice[2]!;
  await startOrder(page, service.id);
  await next(page).click();
  await next(page).click();
  await next(page).click();
  // The session ends elsewhere (signed out on another device): the server refuses the order.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const revoked = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(204);
  await page.getByRole('button', { name: 'Confirm & Checkout' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Please sign in' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-variant', 'error');
  // The app noticed the session ended and asks the customer to sign in again.
  await expect(page).toHaveURL(/\/signin$/);
});

test('an unknown service id on the request page goes to the 404 page', async ({ page }) => {
  await register(page, newAccount());
  await open(page, '/service/nosuchservic/request');
  await expect(page).toHaveURL(/\/not-found$/);
});

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The landing page, scrolled down to the second service card's "View details". */
async function secondServiceCard(page: Page): Promise<Locator> {
  await open(page, '/');
  const card = page.getByRole('link', { name: 'View details' }).nth(1);
  await card.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 0);
  return card;
}

/**
 * Clicks `link` and answers where the page stood at the click. Read then, not before it, for the page can still
 * move by a pixel or two in between (a CI run saw 2556 before the click and 2558 at it).
 */
async function clickAndReadScroll(page: Page, link: Locator): Promise<number> {
  await page.evaluate(() => {
    const record = () => ((window as unknown as { scrollAtClick: number }).scrollAtClick = window.scrollY);
    document.addEventListener('click', record, { capture: true, once: true });
  });
  await link.click();
  return page.evaluate(() => (window as unknown as { scrollAtClick: number }).scrollAtClick);
}

/**
 * Something new, 120 px high, above everything of the landing page: Chromium keeps the view on what was there.
 * Answers where the page stands right after, read in the same task: the scroll event that lets the page correct
 * itself comes only with the next frame.
 */
const growAbove = (page: Page) =>
  page.evaluate(() => {
    const block = document.createElement('div');
    block.style.height = '120px';
    document.querySelector('main')!.prepend(block);
    return window.scrollY;
  });

test('Back from a service page returns to the service cards where the visitor was, not to the top', async ({
  page,
}) => {
  const card = await secondServiceCard(page);
  const where = await clickAndReadScroll(page, card);
  expect(where).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/service\/[^/]+\/details$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(where - 2);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(where + 2);
  await expect(card).toBeInViewport();
});

test("after Back the place is held while the screen lays out, for 1.5 s, and the visitor's own scrolling ends it", async ({
  page,
}) => {
  const card = await secondServiceCard(page);
  const where = await clickAndReadScroll(page, card);
  await expect(page).toHaveURL(/\/service\/[^/]+\/details$/);
  // The page's frames run only when the test moves its clock, one frame (16 ms) at a time.
  await stopTheClock(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  const offBy = async () => Math.abs((await scrollY(page)) - where);
  await expect.poll(async () => (await page.clock.runFor(16), offBy())).toBeLessThanOrEqual(1);

  // Content above grows (as a late block would): the browser moves the view with it, the next frame brings the
  // page back to where the visitor was.
  expect(await growAbove(page)).toBeGreaterThan(where + 100);
  await page.clock.runFor(16);
  expect(await offBy()).toBeLessThanOrEqual(1);

  // After 1.5 s the page is the visitor's again: a later change above moves it as on any page.
  await page.clock.runFor(1500);
  await growAbove(page);
  await page.clock.runFor(100);
  expect(await scrollY(page)).toBeGreaterThan(where + 100);

  // Once more to the service and Back: a turn of the mouse wheel at once is not undone.
  const second = await clickAndReadScroll(page, card);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await page.clock.runFor(16), Math.abs((await scrollY(page)) - second)))
    .toBeLessThanOrEqual(1);
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(second + 300);
  await page.clock.runFor(200);
  expect(await scrollY(page)).toBeGreaterThan(second + 300);
});

test('Back while the service page is still loading returns to the cards without a jump to the bottom on the way', async ({
  page,
}) => {
  // The service page's code is held: the visitor presses Back before it has arrived.
  const release = await holdFile(page, /\/assets\/ServiceDetails-[^/]*\.js$/);
  const card = await secondServiceCard(page);
  const where = await clickAndReadScroll(page, card);
  await expect(page).toHaveURL(/\/service\/[^/]+\/details$/);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(card).toBeVisible();
  // Every position the page takes from here on, not only where it ends.
  await page.evaluate(() => {
    const seen = ((window as unknown as { scrollsSeen: number[] }).scrollsSeen = [window.scrollY]);
    window.addEventListener('scroll', () => seen.push(window.scrollY), { passive: true });
  });
  release();
  await expect(card).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(where - 2);
  const seen = await page.evaluate(() => (window as unknown as { scrollsSeen: number[] }).scrollsSeen);
  expect(Math.max(...seen)).toBeLessThan(where + 2);
});
