import { useEffect, useState, type CSSProperties } from 'react';
import type { Problem } from '../../core/config/problem.ts';
import { PROBLEMS_EVENT, PROBLEMS_REQUEST_EVENT, type ProblemsPayload } from '../../core/config/problem-events.ts';

const panel: CSSProperties = {
  position: 'fixed', insetInline: '1rem', bottom: '1rem', zIndex: 2147483647, maxHeight: '50vh', overflow: 'auto',
  background: '#fff', color: '#1a202c', border: '3px solid #c53030', borderRadius: '0.5rem', padding: '1rem',
  boxShadow: '0 4px 24px rgba(0,0,0,0.3)', font: '14px/1.5 system-ui, sans-serif',
};
const code: CSSProperties = { fontFamily: 'ui-monospace, monospace', fontWeight: 600 };

function where(problem: Problem): string {
  return problem.line !== undefined ? `${problem.file}:${problem.line}:${problem.column ?? 1}` : problem.file;
}

/**
 * Development mode: the configuration's problems, as the development server's check finds them on
 * every save, over the page. It goes away by itself once they are fixed; Escape or the button hides
 * it until the next check.
 */
export function ProblemsOverlay() {
  const [problems, setProblems] = useState<Problem[]>([]);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const show = (payload: ProblemsPayload) => { setProblems(payload.problems); setHidden(false); };
    hot.on(PROBLEMS_EVENT, show);
    hot.send(PROBLEMS_REQUEST_EVENT);
    return () => { hot.off(PROBLEMS_EVENT, show); };
  }, []);
  const shown = problems.length > 0 && !hidden;
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') setHidden(true); };
    window.addEventListener('keydown', onKey);
    return () => { window.removeEventListener('keydown', onKey); };
  }, [shown]);
  if (!shown) return null;
  return (
    <section role="alert" aria-labelledby="engine-problems-heading" data-engine-problems="" style={panel}>
      <h2 id="engine-problems-heading" style={{ margin: '0 0 0.5rem', fontSize: '1.125rem', color: '#9b2c2c' }}>
        {problems.length === 1 ? 'The configuration has 1 problem' : `The configuration has ${problems.length} problems`}
      </h2>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {problems.map((problem, index) => (
          <li key={index}>
            <span style={code}>{where(problem)}</span>
            {problem.path ? <> <span style={code}>{problem.path}</span></> : null}: {problem.message}
          </li>
        ))}
      </ul>
      <p style={{ margin: '0.5rem 0 0' }}>
        Save the file again once it is fixed: this goes away by itself.{' '}
        <button type="button" onClick={() => setHidden(true)}>Hide (Escape)</button>
      </p>
    </section>
  );
}
