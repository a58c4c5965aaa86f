import { expect, test } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Requests, new requests and messages with management: the homeowner writes, management (the
// management-staff demo user) answers on the same screens, the homeowner reads the answer.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };

test('a new request of each kind is listed; an overlapping reservation is refused with the text kept', async ({ page }) => {
  // Two people, several screens and accessibility scans: longer than most.
  test.setTimeout(90_000);
  await signInQuickly(page, 'sofia.alvarez@example.com', 'Resident#2026');
  await page.goto('/community/new-request');
  const main = page.getByRole('main');
  await expect(main.getByText(/For account 100242 at Maple Grove HOA/)).toBeVisible();
  await expectAccessible(page);
  await main.getByRole('button', { name: 'Submit request' }).click();
  const summary = main.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Subject is required.');
  await expect(summary).toContainText('Description is required.');

  await main.getByRole('radio', { name: 'Architectural (ARC) request' }).check();
  await main.getByLabel('Subject').fill('New deck in the back yard');
  await main.getByLabel('Description').fill('A cedar deck, 12 by 16 feet, stained natural.');
  await main.getByRole('button', { name: 'Submit request' }).click();
  await expect(summary).toContainText('Choose the type of change.');
  await main.getByRole('radio', { name: /Addition/ }).check();
  await main.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Your request has been submitted.')).toBeVisible();
  // Files may be attached to the new request; none are here.
  await main.getByRole('button', { name: 'Done' }).click();
  // Done opens the new request; the list holds it too.
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  await expect(main.getByRole('heading', { name: 'New deck in the back yard', level: 2 })).toBeVisible();
  await page.goto('/community/requests');
  const deck = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'New deck in the back yard' }) });
  await expect(deck).toContainText('Architectural (ARC) request');
  await expect(deck).toContainText('Open');

  // A reservation of the Clubhouse that overlaps the demo's confirmed one is refused.
  await page.goto('/community/new-request');
  await main.getByRole('radio', { name: 'Reservation request' }).check();
  await main.getByLabel('Subject').fill('Book club');
  await main.getByLabel('Description').fill('Monthly book club, twelve people.');
  await main.getByRole('radio', { name: 'Tennis Court' }).check();
  const date = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await main.getByLabel('Date').fill(date);
  await main.getByLabel('From').fill('10:00');
  await main.getByLabel('Until').fill('11:00');
  await main.getByRole('button', { name: 'Submit request' }).click();
  await main.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  await page.goto('/community/new-request');
  await main.getByRole('radio', { name: 'Reservation request' }).check();
  await main.getByLabel('Subject').fill('Doubles match');
  await main.getByLabel('Description').fill('Four players.');
  await main.getByRole('radio', { name: 'Tennis Court' }).check();
  await main.getByLabel('Date').fill(date);
  await main.getByLabel('From').fill('10:30');
  await main.getByLabel('Until').fill('12:00');
  await main.getByRole('button', { name: 'Submit request' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'The Tennis Court is already reserved at that time. Choose another time.' })).toBeVisible();
  await expect(main.getByLabel('Subject')).toHaveValue('Doubles match');
  await expectAccessible(page);
});

test('requests: the 36-month filter, then management replies and the homeowner reads the reply', async ({ browser }) => {
  // Two people, several screens and accessibility scans: longer than most.
  test.setTimeout(90_000);
  const page = await (await browser.newContext()).newPage();
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/requests');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane' })).toBeVisible();
  // Each request says its status in words; the page's main action is a new request.
  const streetlight = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane' }) });
  await expect(streetlight).toContainText('In progress');
  await expect(main.getByRole('link', { name: 'Make a new request' })).toHaveAttribute('href', '/community/new-request');
  // Older than 36 months: shown only with "All time".
  await expect(main.getByRole('heading', { name: 'Dog park proposal' })).toHaveCount(0);
  await main.getByLabel('Show requests from').selectOption({ label: 'All time' });
  await main.getByRole('button', { name: 'Show' }).click();
  await expect(main.getByRole('heading', { name: 'Dog park proposal' })).toBeVisible();
  await expectAccessible(page);

  const staff = await (await browser.newContext()).newPage();
  await signInQuickly(staff, manager.email, manager.password);
  await staff.goto('/community/requests');
  await staff.getByRole('link', { name: 'Open Replace backyard fence' }).click();
  await expect(staff.getByRole('heading', { name: 'Replace backyard fence', level: 2 })).toBeVisible();
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByRole('main').getByText('Message is required.').first()).toBeVisible();
  await staff.getByLabel('Your reply').fill('The architectural committee will look at it on the 3rd.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply sent.')).toBeVisible();
  await expect(staff.getByRole('main')).toContainText('The architectural committee will look at it on the 3rd.');
  await expectAccessible(staff);

  await page.goto('/community/requests');
  await main.getByRole('link', { name: 'Open Replace backyard fence' }).click();
  await expect(main).toContainText('The architectural committee will look at it on the 3rd.');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('a homeowner without requests is told what to do; the new request is under the requests in the trail', async ({ page }) => {
  await signInQuickly(page, 'emily.nguyen@example.com', 'Resident#2026');
  await page.goto('/community/requests');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(main.getByText('You have no requests from this period.', { exact: false })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Your requests' })).toHaveCount(0);
  await expectAccessible(page);
  await main.getByRole('link', { name: 'Make a request', exact: true }).click();
  await expect(page).toHaveURL(/\/community\/new-request$/);
  await expect(main.getByRole('heading', { name: 'New request', level: 1 })).toBeVisible();
  await main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/\/community\/requests$/);
});

test('messages: unread on the dashboard, a reply, and management sees it; a new thread', async ({ browser }) => {
  // Two people, several screens and accessibility scans: longer than most.
  test.setTimeout(90_000);
  const page = await (await browser.newContext()).newPage();
  await signInQuickly(page, 'emily.nguyen@example.com', 'Resident#2026');
  await page.goto('/my/messages');
  const main = page.getByRole('main');
  await expect(main.getByText('You have no messages yet.')).toBeVisible();
  await main.getByRole('button', { name: 'New message' }).click();
  await main.getByRole('button', { name: 'Send message' }).click();
  const summary = main.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Subject is required.');
  await expect(summary).toContainText('Message is required.');
  await main.getByLabel('Subject').fill('Recycling pickup day');
  await main.getByLabel('Message').fill('Has the recycling pickup moved to Thursdays?');
  await main.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/my\/messages\/\d+$/);
  await expect(main.getByRole('heading', { name: 'Recycling pickup day', level: 1 })).toBeVisible();
  const threadUrl = page.url();
  await expectAccessible(page);

  const staff = await (await browser.newContext()).newPage();
  await signInQuickly(staff, manager.email, manager.password);
  await staff.goto('/my/messages');
  await staff.getByRole('link', { name: 'Recycling pickup day' }).click();
  await expect(staff.getByRole('main')).toContainText('Has the recycling pickup moved to Thursdays?');
  await staff.getByLabel('Your reply').fill('Yes, from next week on.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply sent.')).toBeVisible();

  // The conversation is marked unread on the messages page, in words.
  await page.goto('/my/messages');
  await expect(main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Recycling pickup day' }) })).toContainText('1 unread');
  // On the dashboard too: the conversation's link, its count beside it.
  await page.goto('/dashboard');
  const conversation = main.getByRole('region', { name: 'Unread messages' }).getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Recycling pickup day', exact: true }) });
  await expect(conversation).toContainText('1 unread');
  await expectAccessible(page);
  await conversation.getByRole('link').click();
  await expect(page).toHaveURL(threadUrl);
  await expect(main).toContainText('Yes, from next week on.');
  await expect(main).toContainText('From management');
  // The trail above the heading leads back to all messages.
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/my/messages');
  // Read now: the dashboard no longer lists it.
  await page.goto('/dashboard');
  await expect(main.getByRole('heading', { name: 'Welcome, Emily' })).toBeVisible();
  await expect(main.getByRole('link', { name: /Recycling pickup day/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(threadUrl);
  await expect(main).toContainText('Yes, from next week on.');
  await expectAccessible(page);
});

test('the legacy links of these screens land on working screens', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const cases: [string, RegExp, string][] = [
    ['/Homeowner_v2/SubmitRequest', /\/community\/new-request$/, 'New request'],
    ['/Homeowner_v2/GeneralRequest', /\/community\/new-request$/, 'New request'],
    ['/Homeowner_v2/ReservationRequest', /\/community\/new-request$/, 'New request'],
    ['/Homeowner_v2/ContactInfo', /\/my\/profile-settings$/, 'Profile settings'],
    ['/Homeowner_v2/MyLogin', /\/my\/profile-settings$/, 'Profile settings'],
    ['/Homeowner_v2/Directory', /\/community\/directory$/, 'Directory'],
    ['/Homeowner_v2/Messages', /\/community\/requests$/, 'Requests'],
  ];
  for (const [legacy, landing, heading] of cases) {
    await page.goto(legacy);
    await expect(page, legacy).toHaveURL(landing);
    await expect(page.getByRole('heading', { level: 1, name: heading }), legacy).toBeVisible();
  }
  // A message's own legacy link opens that conversation.
  await page.goto('/my/messages');
  const href = await page.getByRole('link', { name: 'Pool gate code' }).getAttribute('href');
  await page.goto(`/Homeowner_v2/Messages/${href?.split('/').pop()}`);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pool gate code' })).toBeVisible();
});
