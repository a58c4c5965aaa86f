import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';

// The calendar: a resident requests the Clubhouse, the board confirms it on the calendar with a
// note, the resident is e-mailed and sees the reservation confirmed; the month works by keyboard;
// the public calendar shows only what everyone may see.

const board = { email: 'board@example.com', password: 'Board#2026' };
const omar = { email: 'omar.haddad@example.com', password: 'Resident#2026' };

// The demo's events are placed on New York days of the month the server started in. The browser
// runs in New York's time zone and the tests count days there too: in the hours when a new month
// has begun in UTC and not yet in New York, "this month" is the same month for all three.
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

/** Today in ZONE, as a date at local midnight: its local year, month and day are ZONE's. */
function zoneToday(): Date {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date()).split('-').map(Number);
  return new Date(year, month - 1, day);
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const fullDay = (date: Date) => date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** Shows the month of `day` on the calendar (from the current month) and chooses the day. */
async function openDay(page: Page, day: Date) {
  const now = zoneToday();
  const months = (day.getFullYear() - now.getFullYear()) * 12 + day.getMonth() - now.getMonth();
  const main = page.getByRole('main');
  for (let i = 0; i < months; i += 1) await main.getByRole('button', { name: 'Next month' }).click();
  await main.getByRole('button', { name: new RegExp(`^${fullDay(day)}`) }).click();
  await expect(main.getByRole('heading', { name: fullDay(day), level: 3 })).toBeVisible();
}

test('a reservation request confirmed by a board member on the calendar reaches the resident', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  // Omar asks for the Clubhouse on a day of the month after next, at a time nobody else uses.
  const today = zoneToday();
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 38);
  const subject = `Chess club ${Date.now()}`;
  await signInQuickly(page, omar.email, omar.password);
  await page.goto('/community/new-request');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Reservation request' }).check();
  await main.getByLabel('Subject').fill(subject);
  await main.getByLabel('Description').fill('Eight players, two hours.');
  await main.getByRole('radio', { name: 'Clubhouse' }).check();
  await main.getByLabel('Date').fill(localDay(day));
  await main.getByLabel('From').fill('18:00');
  await main.getByLabel('Until').fill('20:00');
  await main.getByRole('button', { name: 'Submit request' }).click();
  await main.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  const requestPath = new URL(page.url()).pathname;
  await expect(main.getByRole('heading', { name: subject, level: 2 })).toBeVisible();

  // The board sees it tentative on the calendar, with who asked, and confirms it with a note.
  const boardContext = await browser.newContext();
  const boardPage = await boardContext.newPage();
  await signInQuickly(boardPage, board.email, board.password);
  await boardPage.goto('/community/calendar');
  await openDay(boardPage, day);
  const boardMain = boardPage.getByRole('main');
  const entry = boardMain.getByRole('button', { name: new RegExp(subject) });
  await expect(entry).toContainText('Tentative');
  await entry.click();
  const dialog = boardPage.getByRole('alertdialog', { name: subject });
  await expect(dialog).toContainText('Omar Haddad');
  await expect(dialog).toContainText('Clubhouse');
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog.getByText('Choose to confirm or decline.').first()).toBeVisible();
  await expectAccessible(boardPage);
  await dialog.getByRole('radio', { name: 'Confirm the reservation' }).check();
  await dialog.getByLabel(/^Note for the homeowner/).fill('Please leave the chairs stacked.');
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(boardPage.getByText('Decision saved. The homeowner has been e-mailed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText('Confirmed');
  await boardContext.close();

  // Omar is e-mailed, and sees the reservation confirmed on his requests and on the calendar.
  await expect.poll(async () => {
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as { to: string; subject: string; text: string }[];
    return mails.find((m) => m.to === omar.email && m.subject === 'Your reservation of the Clubhouse was confirmed')?.text ?? '';
  }).toContain('Please leave the chairs stacked.');
  await page.goto('/community/requests');
  const mine = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(mine).toContainText('Confirmed');
  await page.goto('/community/calendar');
  await openDay(page, day);
  await main.getByRole('button', { name: new RegExp(subject) }).click();
  const own = page.getByRole('alertdialog', { name: subject });
  await expect(own).toContainText('Please leave the chairs stacked.');
  await expect(own.getByRole('button', { name: 'Save decision' })).toHaveCount(0);
  await own.getByRole('button', { name: 'Close' }).click();
  await expect(own).toBeHidden();
  // Its link opens the very request, not the list.
  await main.getByRole('button', { name: new RegExp(subject) }).click();
  await own.getByRole('link', { name: 'See your request' }).click();
  await expect(page).toHaveURL(new RegExp(`${requestPath}$`));
  await expect(main.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
});

test('the month works by keyboard and on a phone; the agenda lists the month', async ({ page }) => {
  await signInQuickly(page, board.email, board.password);
  await page.goto('/community/calendar');
  const main = page.getByRole('main');
  const today = zoneToday();
  const todayCell = main.getByRole('button', { name: new RegExp(`^${fullDay(today)}`) });
  await expect(todayCell).toHaveAttribute('aria-current', 'date');
  await todayCell.focus();
  await page.keyboard.press('ArrowRight');
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  await expect(main.getByRole('button', { name: new RegExp(`^${fullDay(tomorrow)}`) })).toBeFocused();
  await expect(main.getByRole('heading', { name: fullDay(tomorrow), level: 3 })).toBeVisible();
  await page.keyboard.press('PageDown');
  const nextMonth = new Date(tomorrow.getFullYear(), tomorrow.getMonth() + 1, 1);
  const monthName = nextMonth.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  await expect(main.getByRole('heading', { name: monthName, level: 2 })).toBeVisible();
  await main.getByRole('button', { name: 'Today' }).click();
  // The demo's public picnic is on the 20th of this month, its yard sale all day on the 27th and 28th.
  await main.getByRole('button', { name: 'Agenda' }).click();
  await expect(main.getByRole('button', { name: 'Agenda' })).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByRole('button', { name: /Community picnic/ })).toBeVisible();
  await expect(main.getByRole('button', { name: /All day.*Community yard sale/ }).first()).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await main.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(main.getByRole('grid')).toBeVisible();
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(scrolls).toBe(false);
  await expectAccessible(page);
});

test('the public calendar shows the events open to everyone, without signing in', async ({ page }) => {
  await page.goto('/public?association=maplegrove');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Welcome to Maple Grove HOA', level: 1 })).toBeVisible();
  await expect(main.getByRole('img', { name: 'Maple Grove HOA logo' })).toBeVisible();
  const calendar = main.getByRole('link', { name: 'Calendar', exact: true });
  await expect(calendar).toHaveAttribute('href', '/public/community/calendar?association=maplegrove');
  await calendar.click();
  await expect(main.getByRole('heading', { name: 'Maple Grove HOA calendar', level: 1 })).toBeVisible();
  await main.getByRole('button', { name: 'Agenda' }).click();
  await expect(main.getByRole('button', { name: /Community picnic/ })).toBeVisible();
  // The owners-only board meeting and every reservation stay inside.
  await expect(main.getByRole('button', { name: /Board meeting/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /reserved|Tentative|Confirmed/ })).toHaveCount(0);
  await main.getByRole('button', { name: /Community picnic/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Community picnic' });
  await expect(dialog).toContainText('Pool Pavilion');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('the chosen day keeps the keyboard focus when Page Up / Page Down change the month or the year', async ({ page }) => {
  await signInQuickly(page, board.email, board.password);
  await page.goto('/community/calendar');
  const main = page.getByRole('main');
  // The 15th exists in every month, so a month or a year away is the same day of the month.
  const today = zoneToday();
  const start = new Date(today.getFullYear(), today.getMonth(), 15);
  await main.getByRole('button', { name: new RegExp(`^${fullDay(start)}`) }).click();
  const cell = (day: Date) => main.getByRole('button', { name: new RegExp(`^${fullDay(day)}`) });
  const month = (day: Date) => main.getByRole('heading', { name: day.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }), level: 2 });
  const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? document.activeElement?.tagName);
  await expect(cell(start)).toBeFocused();

  const steps: [string, Date][] = [
    ['PageDown', new Date(start.getFullYear(), start.getMonth() + 1, 15)],
    ['PageDown', new Date(start.getFullYear(), start.getMonth() + 2, 15)],
    ['PageUp', new Date(start.getFullYear(), start.getMonth() + 1, 15)],
    ['PageUp', start],
    ['PageUp', new Date(start.getFullYear(), start.getMonth() - 1, 15)],
    ['PageDown', start],
    ['Shift+PageDown', new Date(start.getFullYear() + 1, start.getMonth(), 15)],
    ['Shift+PageUp', start],
  ];
  for (const [key, day] of steps) {
    await page.keyboard.press(key);
    await expect(month(day)).toBeVisible();
    await expect(cell(day)).toBeFocused();
    expect(await focusedDay()).toBe(localDay(day));
  }

  // The arrows still move from the focused day, and Home / End reach the ends of its week.
  await page.keyboard.press('PageDown');
  const next = new Date(start.getFullYear(), start.getMonth() + 1, 15);
  await expect(cell(next)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const after = new Date(next.getFullYear(), next.getMonth(), 16);
  await expect(cell(after)).toBeFocused();
  await page.keyboard.press('Home');
  const sunday = new Date(after.getFullYear(), after.getMonth(), after.getDate() - after.getDay());
  await expect(cell(sunday)).toBeFocused();
  await page.keyboard.press('End');
  await expect(cell(new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 6))).toBeFocused();
  await expect(main.getByRole('heading', { name: fullDay(new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 6)), level: 3 })).toBeVisible();
});
