import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';
import { layoutFaults } from './layout-checks.ts';

// The board's page of an architectural request: a member votes, changes the vote, retracts it
// (after a warning that it cannot be undone) and votes again, all in the history; the chair sees
// the tally and who has not voted and decides with conditions; votes are closed afterwards (a stale
// page's vote is refused); the applicant sees the outcome and is e-mailed. The request, with a
// picture and a text file, is made by the test: the demo's requests belong to other tests.

const board = { email: 'board@example.com', password: 'Board#2026', name: 'Taylor Brooks' };
const chair = { email: 'chair@example.com', password: 'Chair#2026', name: 'Casey Morgan' };
const applicant = { email: 'hannah.novak@example.com', password: 'Resident#2026', account: '100248', name: 'Hannah Novak' };

/** A small PNG of one colour that a browser can show. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width * 3 }, (_, i) => rgb[i % 3]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** The applicant submits an architectural request with a picture and a text file; its id. */
async function submitRequest(page: Page, subject: string): Promise<number> {
  await signInQuickly(page, applicant.email, applicant.password);
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/action-items/HomeownerRequests', {
    headers,
    data: { accountNumber: applicant.account, kind: 'architectural', architecturalType: 'addition', subject, description: 'A cedar pergola over the back patio, 10 by 12 ft, stained to match the deck.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const file of [
    { name: 'Pergola sketch.png', mimeType: 'image/png', buffer: png(120, 80, [46, 125, 50]) },
    { name: 'Materials.txt', mimeType: 'text/plain', buffer: Buffer.from('Cedar posts, 6 x 6 in.\nSemi-transparent stain.\n') },
  ]) {
    const uploaded = await page.request.post(`/api/action-items/HomeownerRequests/${id}/Attachments`, { headers, multipart: { file } });
    expect(uploaded.status()).toBe(201);
  }
  return id;
}

/** Waits for a window's opening animation, so that its colours are read as shown. */
async function settled(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

async function mailTo(page: Page, to: string, subject: string): Promise<string> {
  const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string; subject: string; text: string }[];
  return mails.find((m) => m.to === to && m.subject === subject)?.text ?? '';
}

test('a member votes, changes, retracts and votes again; the chair decides with conditions; the applicant sees the outcome', async ({ page, browser }) => {
  // Three people and many steps on one request: longer than most.
  test.setTimeout(150_000);
  const subject = `Back patio pergola ${Date.now()}`;
  const id = await submitRequest(page, subject);

  // The board member: the request, its files (the picture in the page), no votes yet.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(member, board.email, board.password);
  await member.goto(`/board/arcs/${id}`);
  const main = member.getByRole('main');
  await expect(main.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  const details = main.getByRole('region', { name: 'The request' });
  await expect(details).toContainText(applicant.name);
  await expect(details).toContainText(applicant.account);
  await expect(details).toContainText('Addition');
  await expect(details).toContainText('Submitted');
  await expect(main.getByText('Overdue', { exact: false })).toHaveCount(0);
  await expect(main.getByRole('img', { name: 'Pergola sketch.png' })).toBeVisible();
  await expect(main.getByRole('img', { name: 'Materials.txt' })).toHaveCount(0);
  const download = member.waitForEvent('download');
  await main.getByRole('button', { name: 'Download Materials.txt' }).click();
  expect((await download).suggestedFilename()).toBe('Materials.txt');
  await expect(main.getByRole('link', { name: 'Open attachments' })).toHaveAttribute('href', `/board/arcs/${id}/attachments`);
  await expect(main.getByText('Not voted yet:')).toContainText(board.name);
  await expect(main.getByText('You have not voted on this request.')).toBeVisible();
  await expectAccessible(member);

  const votes = main.getByRole('list', { name: "Each member's vote" });
  const mine = votes.getByRole('listitem').filter({ has: member.getByRole('heading', { name: board.name, exact: true }) });
  await expect(mine).toContainText('Has not voted');

  // A vote with a comment.
  await main.getByRole('radio', { name: 'Approve' }).check();
  await main.getByLabel(/^Comment/).fill('Well within the setback.');
  await main.getByRole('button', { name: 'Record my vote' }).click();
  await expect(member.getByText('Your vote was recorded.')).toBeVisible();
  await expect(mine).toContainText('Approves');
  await expect(mine).toContainText('“Well within the setback.”');

  // Changed to decline: the form starts from the vote.
  await expect(main.getByRole('radio', { name: 'Approve' })).toBeChecked();
  await expect(main.getByLabel(/^Comment/)).toHaveValue('Well within the setback.');
  await main.getByRole('radio', { name: 'Decline' }).check();
  await main.getByLabel(/^Comment/).fill('The posts sit on the drainage easement.');
  await main.getByRole('button', { name: 'Change my vote' }).click();
  await expect(mine).toContainText('Declines');
  await expect(mine).toContainText('“The posts sit on the drainage easement.”');

  // Retracted after the warning; by keyboard, Escape first keeps the vote.
  const retract = main.getByRole('button', { name: 'Retract my vote' });
  await retract.focus();
  await member.keyboard.press('Enter');
  const warning = member.getByRole('alertdialog', { name: 'Retract your vote?' });
  await expect(warning).toContainText('This cannot be undone');
  await expect(warning).toContainText('stays in the request\'s history as retracted');
  await member.keyboard.press('Escape');
  await expect(warning).toBeHidden();
  await expect(retract).toBeFocused();
  await expect(mine).toContainText('Declines');
  await retract.click();
  await settled(warning);
  await expectAccessible(member);
  await warning.getByRole('button', { name: 'Retract my vote' }).click();
  await expect(member.getByText('Your vote was retracted.')).toBeVisible();
  await expect(warning).toBeHidden();
  await expect(mine).toContainText('Has not voted');
  await expect(main.getByText('You have not voted on this request.')).toBeVisible();
  await expect(main.getByRole('radio', { name: 'Approve' })).not.toBeChecked();
  await expect(main.getByRole('radio', { name: 'Decline' })).not.toBeChecked();

  // Voting again: the history keeps all four, oldest first.
  await main.getByRole('radio', { name: 'Approve' }).check();
  await main.getByLabel(/^Comment/).fill('The plan moved the posts off the easement.');
  await main.getByRole('button', { name: 'Record my vote' }).click();
  await expect(mine).toContainText('“The plan moved the posts off the easement.”');
  const history = main.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.nth(0)).toContainText(`${board.name} voted to approve.`);
  await expect(history.nth(0)).toContainText('“Well within the setback.”');
  await expect(history.nth(1)).toContainText(`${board.name} changed their vote to decline.`);
  await expect(history.nth(2)).toContainText(`${board.name} retracted their vote.`);
  await expect(history.nth(3)).toContainText(`${board.name} voted to approve.`);

  // A message to the applicant, written in a window.
  await main.getByRole('button', { name: 'Write to the applicant' }).click();
  const writing = member.getByRole('alertdialog', { name: `Message about ${subject}` });
  await writing.getByRole('button', { name: 'Send message' }).click();
  await expect(writing.getByText('Message is required.').first()).toBeVisible();
  await writing.getByLabel(/^Message/).fill('Please send the height of the pergola.');
  await writing.getByRole('button', { name: 'Send message' }).click();
  await expect(member.getByText('Message sent. The applicant has been e-mailed.')).toBeVisible();
  await expect(writing).toBeHidden();
  const messages = main.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('heading', { name: new RegExp(`^${board.name} \\(board\\)`) })).toBeVisible();
  await expect(messages).toContainText('Please send the height of the pergola.');
  await member.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(member);

  // The chair: the tally and who has not voted, then the decision (its conditions required first).
  const chairContext = await browser.newContext();
  const chairPage = await chairContext.newPage();
  await signInQuickly(chairPage, chair.email, chair.password);
  await chairPage.goto(`/board/arcs/${id}`);
  const chairMain = chairPage.getByRole('main');
  await expect(chairMain.getByRole('region', { name: 'Tally' })).toHaveText(/Approve\s*1\s*Decline\s*0\s*Not voted\s*4\s*Board members\s*5/);
  await expect(chairMain.getByText('Votes so far: 1 approve, 0 decline, 4 not voted.', { exact: false })).toBeVisible();
  await expect(chairMain.getByText('Not voted yet:').first()).toContainText(`${chair.name}, Jamie Ellis, Quinn Harper, Sam Okafor`);
  await chairMain.getByRole('radio', { name: 'Approve with conditions' }).check();
  await chairMain.getByRole('button', { name: 'Record the decision' }).click();
  await expect(chairMain.getByText('Enter the conditions of the approval.')).toHaveCount(2);
  await expect(chairMain.getByRole('alert').filter({ hasText: 'Enter the conditions of the approval.' }).first()).toBeVisible();
  await expect(chairMain.getByLabel(/^Conditions/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(chairPage);
  await chairMain.getByLabel(/^Conditions/).fill('Keep the pergola under 9 ft and at least 5 ft from the drainage easement.');
  await chairMain.getByLabel(/^Note to the applicant/).fill('Thank you for the clear sketch.');
  await chairMain.getByRole('button', { name: 'Record the decision' }).click();
  await expect(chairPage.getByText('Decision recorded. The applicant has been e-mailed.')).toBeVisible();
  const decision = chairMain.getByRole('region', { name: "The chair's decision" });
  await expect(decision).toContainText('Approved with conditions');
  await expect(decision).toContainText('Keep the pergola under 9 ft');
  await expect(decision).toContainText(chair.name);
  await expect(chairMain.getByText('Voting is closed: the chair has decided this request.')).toBeVisible();
  await expect(chairMain.getByRole('button', { name: /Record my vote|Change my vote|Record the decision/ })).toHaveCount(0);
  await expect(chairMain.getByRole('list', { name: 'History' }).getByRole('listitem').last()).toContainText(`${chair.name} decided: approved with conditions.`);
  await expectAccessible(chairPage);
  await chairContext.close();

  // The member's page was opened before the decision: its vote is refused, and the page then shows the decision.
  await member.setViewportSize({ width: 1280, height: 900 });
  await main.getByRole('radio', { name: 'Decline' }).check();
  await main.getByRole('button', { name: 'Change my vote' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'This request was already decided; its votes are closed.' })).toBeVisible();
  await expect(main.getByText('Voting is closed: the chair has decided this request.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Change my vote' })).toHaveCount(0);
  await expect(mine).toContainText('Approves');
  await memberContext.close();

  // The applicant: the outcome on the requests page, and the e-mails.
  await page.goto('/community/requests');
  const item = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(item).toContainText('Approved with conditions');
  await expect.poll(() => mailTo(page, applicant.email, `Your architectural request was approved with conditions: ${subject}`)).toContain('Keep the pergola under 9 ft');
  expect(await mailTo(page, applicant.email, `Maple Grove HOA board wrote about your request: ${subject}`)).toContain('Please send the height of the pergola.');
});

test('at 1280 by 800 the vote form is in view as the page opens, beside the request; at 390 px nothing scrolls sideways', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const subject = `Front porch railing ${Date.now()}`;
  const applicantContext = await browser.newContext();
  const id = await submitRequest(await applicantContext.newPage(), subject);
  await applicantContext.close();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, board.email, board.password);
  await page.goto(`/board/arcs/${id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  // The trail above the heading ends at this request.
  const trail = main.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Architectural requests' })).toHaveAttribute('href', '/board/arcs');
  await expect(trail.locator('[aria-current="page"]')).toHaveText(subject);
  const details = main.getByRole('region', { name: 'The request' });
  await expect(details).toContainText(applicant.name);
  const vote = main.getByRole('region', { name: 'Your vote' });
  const firstField = vote.getByRole('radio', { name: 'Approve' });
  const submit = vote.getByRole('button', { name: 'Record my vote' });
  await expect(submit).toBeVisible();
  // Without scrolling: the form's first field and its button lie within the first 800 px, and the
  // vote sits beside the request (to its right), not under it.
  for (const part of [firstField, submit]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
  }
  const detailsBox = (await details.boundingBox())!;
  expect((await vote.boundingBox())!.x).toBeGreaterThanOrEqual(detailsBox.x + detailsBox.width);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(submit).toBeVisible();
  expect(await page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth <= root.clientWidth;
  })).toBe(true);
  await expectAccessible(page);
});

test('the attachments page shows the pictures large, named by their files, and offers every file', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const subject = `Garden shed doors ${Date.now()}`;
  const id = await submitRequest(await (await browser.newContext()).newPage(), subject);
  await signInQuickly(page, board.email, board.password);
  await page.goto(`/board/arcs/${id}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Open attachments' }).click();
  await expect(page).toHaveURL(new RegExp(`/board/arcs/${id}/attachments$`));
  await expect(main.getByRole('heading', { name: `Attachments: ${subject}`, level: 1 })).toBeVisible();
  const files = main.getByRole('list', { name: 'Attachments' });
  await expect(files.getByRole('heading', { level: 2 })).toHaveText(['Pergola sketch.png', 'Materials.txt']);
  const picture = files.getByRole('img', { name: 'Pergola sketch.png' });
  await expect(picture).toBeVisible();
  expect((await picture.boundingBox())?.width).toBeGreaterThan(100);
  await expect(files.getByRole('button', { name: 'Download Pergola sketch.png' })).toBeVisible();
  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download Materials.txt' }).click();
  expect((await download).suggestedFilename()).toBe('Materials.txt');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(picture).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
  expect(await layoutFaults(page)).toEqual({ brokenWords: [], cutText: [], overlapping: [] });
  await expectAccessible(page);
  // The trail leads back to the list and to the request, as does the page's own link.
  const trail = main.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link')).toHaveText(['Architectural requests', subject]);
  await main.getByRole('link', { name: 'Back to the request' }).click();
  await expect(main.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
});
