// Unsaved changes: a form reports when its values differ from where it started (and no longer do
// once submitted), and the leave guard catches a plain click on a link of this site while a guarded
// form has changes, but not a new-tab click, a download or a link elsewhere.
import { resolve } from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BACK, leaveGuard, leavingTarget } from '../../engine/react/app/leave-guard.ts';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import { formHarness } from './support/form-harness.tsx';
import catalog from '../fixtures/forms/catalog.en.json';

const form = formHarness(resolve(import.meta.dirname, '../fixtures/forms/sample-signup.yaml'), catalog);

const afterFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
const type = (label: RegExp, value: string) => act(async () => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await afterFrame();
});

describe('SchemaForm onDirtyChange', () => {
  it('is told when the values first differ from the starting ones, and when they are the same again', async () => {
    const onDirtyChange = vi.fn();
    render(
      <SchemaForm id="signup" form={form.mod.form} validator={form.mod.validator} conditions={form.mod.conditions} onSubmit={vi.fn()}
        initialData={{ email: 'a@example.com' }} onDirtyChange={onDirtyChange} />,
      { wrapper: form.Providers },
    );
    await act(afterFrame);
    // The defaults filled in while the form first renders are not a change.
    expect(onDirtyChange).not.toHaveBeenCalled();
    await type(/email address/i, 'b@example.com');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await type(/email address/i, 'b@example.co');
    expect(onDirtyChange).toHaveBeenCalledTimes(1);
    await type(/email address/i, 'a@example.com');
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });
});

describe('leavingTarget', () => {
  const here = { origin: 'https://portal.example', pathname: '/my/profile-settings', search: '' };
  function click(href: string, init: MouseEventInit = {}, attributes: Record<string, string> = {}) {
    const anchor = document.createElement('a');
    anchor.href = href;
    for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
    const inner = document.createElement('span');
    anchor.append(inner);
    document.body.append(anchor);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    Object.defineProperty(event, 'target', { value: inner });
    const to = leavingTarget(event, here);
    anchor.remove();
    return to;
  }

  it('catches a plain click on a link to another page of this site', () => {
    expect(click('https://portal.example/dashboard?x=1#top')).toBe('/dashboard?x=1#top');
  });
  it('lets through new tabs, downloads, other sites and the same page', () => {
    expect(click('https://portal.example/dashboard', { ctrlKey: true })).toBeNull();
    expect(click('https://portal.example/dashboard', { button: 1 })).toBeNull();
    expect(click('https://portal.example/dashboard', {}, { target: '_blank' })).toBeNull();
    expect(click('https://portal.example/file.pdf', {}, { download: '' })).toBeNull();
    expect(click('https://elsewhere.example/dashboard')).toBeNull();
    expect(click('https://portal.example/my/profile-settings#contacts')).toBeNull();
  });
});

describe('leaveGuard', () => {
  it('holds the click while a form has changes; stay keeps them, leave forgets them and answers where to go', () => {
    const release = leaveGuard.mount('form-a');
    expect(leaveGuard.snapshot()).toMatchObject({ dirty: false, host: 'form-a' });
    leaveGuard.setDirty('form-a', true);
    const link = document.createElement('a');
    link.href = '/dashboard';
    document.body.append(link);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(leaveGuard.snapshot().pending).toBe('/dashboard');
    leaveGuard.stay();
    expect(leaveGuard.snapshot()).toMatchObject({ dirty: true, pending: null });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(leaveGuard.leave()).toBe('/dashboard');
    expect(leaveGuard.snapshot()).toMatchObject({ dirty: false, pending: null });
    // Without changes nothing is caught.
    const free = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.addEventListener('click', (e) => e.preventDefault(), { once: true });
    link.dispatchEvent(free);
    expect(leaveGuard.snapshot().pending).toBeNull();
    link.remove();
    release();
    expect(leaveGuard.snapshot().host).toBeNull();
  });
});

describe('leaveGuard discarding', () => {
  it('puts back only the forms with changes, and only when they are discarded', () => {
    const changed = vi.fn();
    const untouched = vi.fn();
    const releaseChanged = leaveGuard.mount('form-d', changed);
    const releaseUntouched = leaveGuard.mount('form-e', untouched);
    leaveGuard.setDirty('form-d', true);
    const link = document.createElement('a');
    link.href = '/dashboard';
    document.body.append(link);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    leaveGuard.stay();
    expect(changed).not.toHaveBeenCalled();
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(leaveGuard.leave()).toBe('/dashboard');
    expect(changed).toHaveBeenCalledTimes(1);
    expect(untouched).not.toHaveBeenCalled();
    link.remove();
    releaseChanged();
    releaseUntouched();
    // Released forms are not told again.
    leaveGuard.leave();
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

describe('leaveGuard and the Back button', () => {
  const moved = () => new Promise<void>((done) => window.addEventListener('popstate', () => setTimeout(done, 0), { once: true }));

  it('asks on Back while a form has changes, with the page still shown; leave goes back past the page', async () => {
    window.history.replaceState({ page: 'before' }, '', '/dashboard');
    window.history.pushState({ page: 'form' }, '', '/my/profile-settings');
    const release = leaveGuard.mount('form-b');
    const depth = window.history.length;
    leaveGuard.setDirty('form-b', true);
    // A guard entry: the same address on top of the page's own entry.
    expect(window.history.length).toBe(depth + 1);
    expect(leaveGuard.onGuardEntry()).toBe(true);
    expect(window.location.pathname).toBe('/my/profile-settings');

    let arrived = moved();
    window.history.back();
    await arrived;
    expect(leaveGuard.snapshot().pending).toBe(BACK);
    expect(window.location.pathname).toBe('/my/profile-settings');
    // The guard entry is back: Back asks again after Stay.
    expect(leaveGuard.onGuardEntry()).toBe(true);
    leaveGuard.stay();
    expect(leaveGuard.snapshot()).toMatchObject({ dirty: true, pending: null });

    arrived = moved();
    window.history.back();
    await arrived;
    expect(leaveGuard.snapshot().pending).toBe(BACK);
    arrived = moved();
    expect(leaveGuard.leave()).toBeNull();
    await arrived;
    expect(window.location.pathname).toBe('/dashboard');
    expect(leaveGuard.snapshot()).toMatchObject({ dirty: false, pending: null });
    release();
  });

  it('lets Back through without changes', async () => {
    window.history.replaceState({ page: 'before' }, '', '/dashboard');
    window.history.pushState({ page: 'form' }, '', '/my/profile-settings');
    const release = leaveGuard.mount('form-c');
    const arrived = moved();
    window.history.back();
    await arrived;
    expect(window.location.pathname).toBe('/dashboard');
    expect(leaveGuard.snapshot().pending).toBeNull();
    release();
  });
});
