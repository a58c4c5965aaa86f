// The generic form renderer against a fixture form, with the validator and rule conditions built by
// the same code the Vite plugin emits: formModuleSource() is written to a module file and imported.
import { resolve } from 'node:path';
import { startTransition, use, type ReactNode } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { createTranslator, type Translator } from '../../engine/react/app/translator.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { readFormFile } from '../../engine/build/form-files.ts';
import { SchemaForm, type SchemaFormProps } from '../../engine/react/forms/index.ts';
import type { FormModule } from '../../engine/react/forms/types.ts';
import catalog from '../fixtures/forms/catalog.en.json';
import { loadFormModule } from '../unit/support/form-module.ts';

const fixtures = resolve(import.meta.dirname, '../fixtures/forms');
let mod: FormModule;
let checksMod: FormModule;
let translator: Translator;

beforeAll(async () => {
  mod = await loadFormModule(readFormFile(resolve(fixtures, 'sample-signup.yaml')));
  checksMod = await loadFormModule(readFormFile(resolve(fixtures, 'with-checks.yaml')));

  translator = createTranslator(catalog);
});

afterEach(cleanup);

function Providers({ children }: { children: ReactNode }) {
  return (
    <TranslatorContext.Provider value={translator}>
      <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>
    </TranslatorContext.Provider>
  );
}

function renderForm(props: Partial<SchemaFormProps> = {}) {
  const onSubmit = vi.fn();
  const utils = render(
    <SchemaForm id="signup" form={mod.form} validator={mod.validator} conditions={mod.conditions} onSubmit={onSubmit} {...props} />,
    { wrapper: Providers },
  );
  return { ...utils, onSubmit };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /create account/i }));
/** After the next frame: when a typed value has reached the form (engine/react/forms/typing.tsx). */
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** Types `value` into the field and waits until the form has it (its rules and live checks applied). */
const type = (label: RegExp | string, value: string) => act(async () => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await afterFrame();
});
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('__error'));
  return ids.length ? document.getElementById(ids[0])?.textContent : undefined;
};

describe('SchemaForm', () => {
  it('renders translated labels, widgets and autocomplete', async () => {
    renderForm();
    const email = screen.getByLabelText(/email address/i);
    expect(email).toHaveProperty('type', 'email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    const password = screen.getByLabelText(/^password/i);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
    const group = screen.getByRole('group', { name: /how will you verify/i });
    expect(within(group).getByLabelText('With a registration key')).toBeTruthy();
    expect(within(group).getByLabelText('With a code')).toBeTruthy();
    expect(screen.getByText('Up to 5 characters')).toBeTruthy();
    // disabled by rule until password has a value
    expect((screen.getByLabelText(/nickname/i) as HTMLInputElement).disabled).toBe(true);
    await type(/^password/i, 'secret');
    expect((screen.getByLabelText(/nickname/i) as HTMLInputElement).disabled).toBe(false);
  });

  it('one-time code input: numeric, one-time-code, maxLength from schema', () => {
    renderForm({ initialData: { method: 'code' } });
    const code = screen.getByLabelText(/^code/i);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(code.getAttribute('aria-describedby')).toBe('signup_code__help');
  });

  it('layers messages: field-specific, then validation.<keyword>, then validation.default', async () => {
    renderForm();
    await type(/^password/i, 'abc');
    await type(/nickname/i, 'much too long');
    submit();
    expect(errorOf(screen.getByLabelText(/email address/i))).toBe('Error: Enter your email address');
    expect(errorOf(screen.getByLabelText(/^password/i))).toBe('Error: Must be at least 6 characters');
    expect(errorOf(screen.getByLabelText(/nickname/i))).toBe('Error: Check this field');
    expect(screen.getByLabelText(/email address/i).getAttribute('aria-invalid')).toBe('true');
    // required with the field's translated label interpolated
    const radio = screen.getByLabelText('With a code');
    expect(errorOf(radio)).toBe('Error: How will you verify? is required');
  });

  it('shows a focused error summary with links that focus their fields', () => {
    renderForm();
    submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Email address: Enter your email address',
      'Password: Password is required',
      'How will you verify?: How will you verify? is required',
    ]);
    fireEvent.click(links[1]);
    expect(document.activeElement).toBe(screen.getByLabelText(/^password/i));
    fireEvent.click(links[2]);
    expect(document.activeElement).toBe(screen.getByLabelText('With a registration key'));
  });

  it('validates live only the fields that already showed an error', async () => {
    renderForm();
    await type(/^password/i, 'abc');
    expect(errorOf(screen.getByLabelText(/^password/i))).toBeUndefined();
    submit();
    expect(errorOf(screen.getByLabelText(/^password/i))).toBe('Error: Must be at least 6 characters');
    await type(/^password/i, 'abcdefg');
    expect(errorOf(screen.getByLabelText(/^password/i))).toBeUndefined();
    await type(/^password/i, 'ab');
    expect(errorOf(screen.getByLabelText(/^password/i))).toBe('Error: Must be at least 6 characters');
    // email showed an error: fixing it removes it from the field and the summary
    await type(/email address/i, 'a@b.co');
    expect(errorOf(screen.getByLabelText(/email address/i))).toBeUndefined();
    expect(within(screen.getByRole('alert')).queryByText(/email/i)).toBeNull();
    // nickname never showed an error: no live error for it until the next submit
    await type(/nickname/i, 'much too long');
    expect(errorOf(screen.getByLabelText(/nickname/i))).toBeUndefined();
    submit();
    expect(errorOf(screen.getByLabelText(/nickname/i))).toBe('Error: Check this field');
    // a disabled field's errors are dropped: the user could not fix them
    await type(/^password/i, '');
    expect((screen.getByLabelText(/nickname/i) as HTMLInputElement).disabled).toBe(true);
    expect(errorOf(screen.getByLabelText(/nickname/i))).toBeUndefined();
  });

  it('hidden fields are not rendered, not required, not submitted, and hold no value', async () => {
    const { onSubmit } = renderForm({ initialData: { registrationKey: 'stale', method: 'code' } });
    expect(screen.queryByLabelText(/^registration key/i)).toBeNull();
    await type(/email address/i, 'a@b.co');
    await type(/^password/i, 'secret1');
    await type(/^code/i, '123456');
    submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({ email: 'a@b.co', password: 'secret1', method: 'code', code: '123456' });

    // switch to key: code hides and is cleared, key shows empty and is now required
    fireEvent.click(screen.getByLabelText('With a registration key'));
    expect(screen.queryByLabelText(/^code/i)).toBeNull();
    const key = screen.getByLabelText(/^registration key/i) as HTMLInputElement;
    expect(key.value).toBe('');
    await type(/^registration key/i, 'abcd');
    fireEvent.click(screen.getByLabelText('With a code'));
    expect((screen.getByLabelText(/^code/i) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByLabelText('With a registration key'));
    expect((screen.getByLabelText(/^registration key/i) as HTMLInputElement).value).toBe('');
    submit();
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Registration key: Registration key is required' })).toBeTruthy();
    expect(within(summary).queryByText(/code/i)).toBeNull();
  });

  it('shows each keystroke at once, hands it to the form after the frame, and submits a value typed just before', async () => {
    const onChange = vi.fn();
    const { onSubmit } = renderForm({ onChange, initialData: { method: 'code' } });
    const password = screen.getByLabelText(/^password/i) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'sec' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    expect(password.value).toBe('secret');
    // The form has not heard of it yet: its rule (nickname enabled once a password is typed) waits.
    expect(onChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/nickname/i) as HTMLInputElement).disabled).toBe(true);
    await act(afterFrame);
    // Both keystrokes reach the form as one change.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0]).toMatchObject({ password: 'secret' });
    expect((screen.getByLabelText(/nickname/i) as HTMLInputElement).disabled).toBe(false);
    expect(password.value).toBe('secret');

    // Typed and submitted in the same moment (Enter right after the last key): nothing is left out.
    await type(/email address/i, 'a@b.co');
    fireEvent.change(screen.getByLabelText(/^code/i), { target: { value: '123456' } });
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({ email: 'a@b.co', password: 'secret', method: 'code', code: '123456' });
    await act(afterFrame);
    expect((screen.getByLabelText(/^code/i) as HTMLInputElement).value).toBe('123456');
  });

  it('a field a rule hides while its typed value is on the way keeps no value', async () => {
    const { onSubmit } = renderForm({ initialData: { method: 'key' } });
    await type(/email address/i, 'a@b.co');
    await type(/^password/i, 'secret1');
    fireEvent.change(screen.getByLabelText(/^registration key/i), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByLabelText('With a code'));
    await act(afterFrame);
    await type(/^code/i, '123456');
    submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ email: 'a@b.co', password: 'secret1', method: 'code', code: '123456' });
    fireEvent.click(screen.getByLabelText('With a registration key'));
    expect((screen.getByLabelText(/^registration key/i) as HTMLInputElement).value).toBe('');
  });

  it('busy disables the submit button and announces progress', () => {
    const { rerender, onSubmit } = renderForm({ busy: true });
    const button = screen.getByRole('button', { name: /create account/i }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Please wait…');
    fireEvent.submit(button.closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(<SchemaForm id="signup" form={mod.form} validator={mod.validator} conditions={mod.conditions} onSubmit={onSubmit} busy={false} />);
    expect(button.disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a server error in the summary area without field links', () => {
    renderForm({ serverError: 'The service is unavailable. Try again later.', submitLabelKey: 'actions.save', extraActions: <button type="button">Cancel</button> });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The service is unavailable. Try again later.');
    expect(within(alert).queryAllByRole('link')).toHaveLength(0);
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('has no serious or critical axe violations, before and after a failed submit', async () => {
    const { container } = renderForm({ initialData: { method: 'code' } });
    const check = async () => {
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    };
    await check();
    await act(async () => submit());
    await check();
  });

  it('tells its parent the defaults it fills in once it is on screen, never from a render React drops', async () => {
    const onChange = vi.fn();
    const never = new Promise<never>(() => {});
    function StillLoading() { return use(never); }
    const form = <SchemaForm id="c" form={checksMod.form} validator={checksMod.validator} conditions={checksMod.conditions} onSubmit={vi.fn()} onChange={onChange} />;
    const { rerender } = render(<p>Before</p>, { wrapper: Providers });
    // A transition whose render suspends is dropped, and the page keeps what it showed: the form
    // rendered in it must not have told anyone anything (a parent acting on it would re-render for ever).
    await act(async () => { startTransition(() => rerender(<>{form}<StillLoading /></>)); });
    expect(screen.getByText('Before')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    rerender(form);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0]).toMatchObject({ kind: 'one' });
  });

  it('schema defaults drive rules; HIDE and REQUIRE rules; sameAs checks', () => {
    const onSubmit = vi.fn();
    render(<SchemaForm id="c" form={checksMod.form} validator={checksMod.validator} conditions={checksMod.conditions} onSubmit={onSubmit} />, { wrapper: Providers });
    // kind defaults to "one": first shown, second hidden
    expect(screen.getByLabelText('First')).toBeTruthy();
    expect(screen.queryByLabelText('Second')).toBeNull();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('555'); // form `defaults`
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText(/^confirm password/i), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByLabelText(/^confirm password/i))).toBe('Error: Must match Password');
    expect(errorOf(screen.getByLabelText('Phone'))).toBeUndefined(); // not required while contact is off
    fireEvent.click(screen.getByLabelText('Contact me'));
    fireEvent.change(screen.getByLabelText(/^confirm password/i), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByLabelText(/^phone/i))).toBe('Error: Phone is required');
    expect(screen.getByLabelText(/^phone/i).hasAttribute('required')).toBe(true);
    expect(errorOf(screen.getByLabelText(/^confirm password/i))).toBeUndefined();
    fireEvent.change(screen.getByLabelText(/^phone/i), { target: { value: '123' } });
    fireEvent.click(screen.getByLabelText('Two'));
    expect(screen.queryByLabelText('First')).toBeNull();
    expect(screen.getByLabelText('Second')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Shown, `second` takes its schema default.
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'two', second: 'later', contact: true, phone: '123', secret: 'abc', secretAgain: 'abc' });
  });
});
