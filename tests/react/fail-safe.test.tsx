// A part of the page that throws while rendering shows its fallback instead of a blank page, and
// moving to another address tries it again (engine/react/router/FailSafe.tsx).
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, useRoutes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { FailSafe } from '../../engine/react/router/FailSafe.tsx';

afterEach(cleanup);

function Broken(): never {
  throw new Error('broken widget');
}

let go: ((to: string) => void) | undefined;
/** Outside the part that fails, as the portal's own navigator is. */
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => { go = (to) => { void navigate(to); }; }, [navigate]);
  return null;
}

function Pages() {
  return useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/fine', element: <p>Fine page</p> },
  ]);
}

it('shows the fallback in place of a part that throws, and the part again at the next address', async () => {
  // React reports the caught error on the console; the test is about what the visitor sees.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <Navigator />
      <FailSafe fallback={<p>Something went wrong</p>}><Pages /></FailSafe>
    </MemoryRouter>,
  );
  expect(screen.getByText('Something went wrong')).toBeTruthy();
  quiet.mockRestore();
  expect(go).toBeDefined();
  await act(async () => { go!('/fine'); });
  expect(screen.getByText('Fine page')).toBeTruthy();
  expect(screen.queryByText('Something went wrong')).toBeNull();
});
