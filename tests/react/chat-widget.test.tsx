// The chat widget: a question sent to an operation whose answer streams as server-sent events (cut
// into chunks at odd places here), the answer growing and then replaced by the whole text with its
// `[n]` markers linked to its sources; follow-ups in the same conversation; a failed answer or a
// refusal keeping the question in the field; a refused answer's offers; feedback; Enter to send.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

const ASK = 'POST /api/associations/associations/7/MyCA/Questions';
const RATE = (answerId: string) => `PUT /api/associations/associations/7/MyCA/Answers/${answerId}/Feedback`;
const CONVERSATION = 'GET /api/associations/MyCA/Conversations/conv-0';

const MESSAGES = {
  'test.chat.label': 'Conversation with the assistant',
  'test.chat.question': 'Your question',
  'test.chat.placeholder': 'Ask about your community',
  'test.chat.send': 'Send',
  'test.chat.typing': 'The assistant is writing…',
  'test.chat.failed': 'No answer could be made. Please try again.',
  'test.chat.asked': 'You asked:',
  'test.chat.answered': 'Answer:',
  'test.chat.sources': 'Sources',
  'test.chat.citation': 'Source {{ref}}: {{title}}',
  'test.chat.page': 'page {{page}}',
  'test.chat.newRequest': 'Ask the management in a request',
  'test.chat.message': 'Write to the management',
  'test.chat.prompt': 'Was this answer helpful?',
  'test.chat.helpful': 'Helpful',
  'test.chat.notHelpful': 'Not helpful',
  'test.chat.comment': 'What could be better? (optional)',
  'test.chat.commentSend': 'Send comment',
  'test.chat.thanks': 'Thank you for your feedback.',
};

const node = (extra: Record<string, unknown> = {}): WidgetNodeConfig => ({
  widget: 'chat',
  operation: 'askMyca',
  params: { id: 7 },
  body: { question: '$chat.question', conversationId: '$chat.conversationId' },
  maxLength: 500,
  label: 'test.chat.label', question: 'test.chat.question', placeholder: 'test.chat.placeholder', send: 'test.chat.send',
  typing: 'test.chat.typing', failed: 'test.chat.failed', asked: 'test.chat.asked', answered: 'test.chat.answered',
  sources: 'test.chat.sources', citation: 'test.chat.citation', page: 'test.chat.page',
  offers: {
    'new-request': { text: 'test.chat.newRequest', to: '/community/new-request?subject={{shortQuestion}}&description={{question}}' },
    'message-management': { text: 'test.chat.message', to: '/my/messages?conversation={{conversationId}}' },
  },
  feedback: {
    operation: 'rateMycaAnswer',
    params: { id: 7, answerId: '$chat.answerId' },
    body: { helpful: '$chat.helpful', comment: '$chat.comment' },
    prompt: 'test.chat.prompt', helpful: 'test.chat.helpful', notHelpful: 'test.chat.notHelpful',
    comment: 'test.chat.comment', send: 'test.chat.commentSend', thanks: 'test.chat.thanks',
  },
  ...extra,
} as WidgetNodeConfig);

type Events = Array<[string, unknown]>;

/** A gate a stream waits at until the test opens it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

/** An answer streaming the events, their text cut into chunks of 7 characters (mid-field, mid-JSON, between CR and LF, several events in one chunk). */
function streamed(events: Events): Response {
  const text = events.map(([name, data]) => `event: ${name}\r\ndata: ${JSON.stringify(data)}\r\n\r\n`).join('');
  const pieces = text.match(/[\s\S]{1,7}/g) ?? [];
  const encoder = new TextEncoder();
  return new Response(new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces.shift();
      if (piece === undefined) controller.close();
      else controller.enqueue(encoder.encode(piece));
    },
  }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const problem = (status: number, body: Record<string, unknown>) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Sent { method: string; path: string; body: unknown }

/** Replaces fetch: answers by "METHOD /path" (called once per request, in order); every request is recorded with its body. */
function fakeServer(answers: Record<string, (sent: Sent, index: number) => Response | Promise<Response>>) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const request = { method: String(init?.method ?? 'GET'), path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    sent.push(request);
    const answer = answers[`${request.method} ${request.path}`];
    if (!answer) return problem(404, { status: 404, title: 'Not Found', detail: 'not found' });
    return answer(request, sent.filter((other) => other.method === request.method && other.path === request.path).length - 1);
  }));
  return { sent, to: (key: string) => sent.filter((s) => `${s.method} ${s.path}` === key) };
}

async function show(extra: Record<string, unknown> = {}) {
  const { runtime, translator } = makeRuntime(projectConfig({}, MESSAGES));
  const result = await renderNodes(runtime, translator, [node(extra)]);
  await waitFor(() => expect(screen.getByLabelText('Your question')).toBeTruthy(), { timeout: 20_000 });
  return result;
}

const field = () => screen.getByLabelText('Your question') as HTMLTextAreaElement;
const log = () => screen.getByRole('log', { name: 'Conversation with the assistant' });

async function type(text: string) {
  await act(async () => { fireEvent.change(field(), { target: { value: text } }); });
}
async function press(key: string, init: Record<string, unknown> = {}) {
  await act(async () => { fireEvent.keyDown(field(), { key, ...init }); });
}
async function askByButton(text: string) {
  await type(text);
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Send' })); });
}

const CITATIONS = [
  { ref: 1, kind: 'document', title: 'Pool rules', page: 3, href: '/community/documents/12?page=3' },
  { ref: 2, kind: 'faq', title: 'When are dues paid?', href: '/community/help#dues' },
];
const ANSWER = 'The pool opens at 9 [1]. Dues are paid monthly [2].';
const answerEvents = (conversationId: string, answerId: string, text = ANSWER): Events => [
  ['conversation', { conversationId, associationName: 'Maple Grove' }],
  ['delta', { text: 'The pool opens ' }],
  ['delta', { text: 'at 9 [1].' }],
  ['done', { answerId, text, refused: false, citations: CITATIONS, offers: [] }],
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('chat widget', () => {
  it('streams an answer: typing while it has not begun, then its pieces, then its text with the markers linked to the sources listed after it', async () => {
    const first = gate();
    const pieces = gate();
    const api = fakeServer({
      [ASK]: async () => {
        const events = answerEvents('conv-1', 'ans-1');
        // Waits before the first delta (typing shows), then before `done` (the pieces show).
        return new Response(new ReadableStream<Uint8Array>({
          async start(controller) {
            const encode = (list: Events) => new TextEncoder().encode(list.map(([n, d]) => `event: ${n}\ndata: ${JSON.stringify(d)}\n\n`).join(''));
            controller.enqueue(encode(events.slice(0, 1)));
            await first.opened;
            controller.enqueue(encode(events.slice(1, 3)));
            await pieces.opened;
            controller.enqueue(encode(events.slice(3)));
            controller.close();
          },
        }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    });
    await show();
    await askByButton('When does the pool open?');

    await waitFor(() => expect(api.to(ASK)[0]?.body).toEqual({ question: 'When does the pool open?' }));
    // The question is in the log, named for screen readers; the field is emptied and keeps the focus.
    await waitFor(() => expect(within(log()).getByText('When does the pool open?')).toBeTruthy());
    expect(within(log()).getByText('When does the pool open?').textContent).toBe('You asked: When does the pool open?');
    expect(field().value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(field().readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The assistant is writing…'));

    await act(async () => { first.open(); });
    await waitFor(() => expect(log().textContent).toContain('The pool opens at 9 [1].'));
    expect(screen.getByRole('status').textContent).toBe('');

    await act(async () => { pieces.open(); });
    const marker = await screen.findByRole('link', { name: 'Source 1: Pool rules' });
    expect(marker.textContent).toBe('[1]');
    expect(marker.getAttribute('href')).toBe('/community/documents/12?page=3');
    expect(screen.getByRole('link', { name: 'Source 2: When are dues paid?' }).getAttribute('href')).toBe('/community/help#dues');
    // The whole answer, named for screen readers.
    expect(within(log()).getByText((_, element) => element?.textContent === `Answer: ${ANSWER}`)).toBeTruthy();

    const sources = screen.getByRole('list', { name: 'Sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['[1] Pool rules, page 3', '[2] When are dues paid?']);
    expect(within(items[0]).getByRole('link', { name: 'Pool rules' }).getAttribute('href')).toBe('/community/documents/12?page=3');
    expect(field().readOnly).toBe(false);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('records the conversation in the address once its answer has come, replacing the entry (keepIn)', async () => {
    window.history.replaceState(null, '', '/ask?tab=1');
    const entries = window.history.length;
    fakeServer({ [ASK]: () => streamed(answerEvents('conv-7', 'ans-1')) });
    await show({ conversation: { operation: 'getMycaConversation', params: { conversationId: '$query.conversation' }, keepIn: 'conversation' } });
    await askByButton('When does the pool open?');
    await screen.findByRole('link', { name: 'Source 1: Pool rules' });
    expect(window.location.pathname + window.location.search).toBe('/ask?tab=1&conversation=conv-7');
    expect(window.history.length).toBe(entries);
  });

  it('follows up in the same conversation', async () => {
    const api = fakeServer({ [ASK]: (_sent, index) => streamed(answerEvents('conv-1', `ans-${index + 1}`, index === 0 ? ANSWER : 'Yes, on weekends too [1].')) });
    await show();
    await askByButton('When does the pool open?');
    await screen.findByRole('link', { name: 'Source 2: When are dues paid?' });
    await askByButton('On weekends too?');
    await waitFor(() => expect(log().textContent).toContain('Yes, on weekends too [1].'));
    expect(api.to(ASK).map((s) => s.body)).toEqual([
      { question: 'When does the pool open?' },
      { question: 'On weekends too?', conversationId: 'conv-1' },
    ]);
    expect(within(log()).getAllByRole('listitem').filter((item) => item.parentElement?.parentElement === log())).toHaveLength(2);
  });

  it('keeps the question in the field and says so when the answer fails', async () => {
    fakeServer({
      [ASK]: () => streamed([
        ['conversation', { conversationId: 'conv-1', associationName: 'Maple Grove' }],
        ['delta', { text: 'The pool' }],
        ['failed', { errorCode: 'X999', message: 'model unavailable' }],
      ]),
    });
    await show();
    await askByButton('When does the pool open?');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No answer could be made. Please try again.'));
    expect(field().value).toBe('When does the pool open?');
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(log().textContent).toBe('');
  });

  it('keeps the question when the connection is lost on the way', async () => {
    fakeServer({ [ASK]: () => { throw new TypeError('Failed to fetch'); } });
    await show();
    await askByButton('When does the pool open?');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No answer could be made. Please try again.'));
    expect(field().value).toBe('When does the pool open?');
  });

  it('shows what a refusal answered before the stream says (too many questions)', async () => {
    fakeServer({
      [ASK]: () => problem(429, { status: 429, title: 'Too Many Requests', detail: 'You have asked 20 questions in 10 minutes. Please wait a few minutes.', errorCode: 'TEST429', retryAfterSeconds: 300 }),
    });
    await show();
    await askByButton('When does the pool open?');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You have asked 20 questions in 10 minutes. Please wait a few minutes.'));
    expect(field().value).toBe('When does the pool open?');
    expect(within(log()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('offers the links a refused answer names, with the question filled in', async () => {
    const question = 'Can I put a shed in my backyard & paint it blue?';
    fakeServer({
      [ASK]: () => streamed([
        ['conversation', { conversationId: 'conv-9', associationName: 'Maple Grove' }],
        ['delta', { text: 'I could not find that in the documents.' }],
        ['done', { answerId: 'ans-9', text: 'I could not find that in the documents.', refused: true, citations: [], offers: ['new-request', 'message-management', 'unknown-offer'] }],
      ]),
    });
    await show();
    await askByButton(question);
    const request = await screen.findByRole('link', { name: 'Ask the management in a request' });
    expect(request.getAttribute('href')).toBe(`/community/new-request?subject=${encodeURIComponent(question)}&description=${encodeURIComponent(question)}`);
    expect(new URL(request.getAttribute('href')!, 'http://x').searchParams.get('description')).toBe(question);
    expect(screen.getByRole('link', { name: 'Write to the management' }).getAttribute('href')).toBe('/my/messages?conversation=conv-9');
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });

  it('fills an offer\'s {{conversation}} with the earlier questions and answers, then the question', async () => {
    let asked = 0;
    fakeServer({
      [ASK]: () => streamed(++asked === 1 ? answerEvents('conv-3', 'ans-1') : [
        ['delta', { text: 'Nothing found.' }],
        ['done', { answerId: 'ans-2', text: 'Nothing found.', refused: true, citations: [], offers: ['new-request'] }],
      ]),
    });
    await show({ offers: { 'new-request': { text: 'test.chat.newRequest', to: '/community/new-request?description={{conversation}}' } } });
    await askByButton('When does the pool open?');
    await screen.findByRole('button', { name: 'Helpful' });
    await askByButton('and the hot tub?');
    const request = await screen.findByRole('link', { name: 'Ask the management in a request' });
    const description = new URL(request.getAttribute('href')!, 'http://x').searchParams.get('description');
    expect(description).toBe('You asked: When does the pool open?\nAnswer: The pool opens at 9. Dues are paid monthly.\n\nYou asked: and the hot tub?');
    expect(description).not.toMatch(/\[\d+\]/);
  });

  it('sends feedback: a rating at once (pressed), then a comment with it, then thanks', async () => {
    const api = fakeServer({
      [ASK]: () => streamed(answerEvents('conv-1', 'ans-1')),
      [RATE('ans-1')]: () => new Response(null, { status: 204 }),
    });
    await show();
    await askByButton('When does the pool open?');
    const helpful = await screen.findByRole('button', { name: 'Helpful' });
    expect(screen.getByRole('group', { name: 'Was this answer helpful?' })).toBeTruthy();
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Not helpful' })); });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true'));
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    expect(api.to(RATE('ans-1')).map((s) => s.body)).toEqual([{ helpful: false }]);

    const comment = screen.getByLabelText('What could be better? (optional)');
    await act(async () => { fireEvent.change(comment, { target: { value: 'It missed the weekend hours.' } }); });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Send comment' })); });
    const thanks = await screen.findByText('Thank you for your feedback.');
    expect(document.activeElement).toBe(thanks);
    expect(api.to(RATE('ans-1')).map((s) => s.body)).toEqual([{ helpful: false }, { helpful: false, comment: 'It missed the weekend hours.' }]);
    expect(screen.queryByLabelText('What could be better? (optional)')).toBeNull();
  });

  it('sends with Enter and starts a new line with Shift+Enter', async () => {
    const api = fakeServer({ [ASK]: () => streamed(answerEvents('conv-1', 'ans-1')) });
    await show();
    await type('First line');
    await press('Enter', { shiftKey: true });
    expect(api.to(ASK)).toHaveLength(0);
    await press('Enter');
    await waitFor(() => expect(api.to(ASK)).toHaveLength(1));
    expect(api.to(ASK)[0].body).toEqual({ question: 'First line' });
    // An empty field sends nothing.
    await screen.findByRole('link', { name: 'Source 1: Pool rules' });
    await press('Enter');
    expect(api.to(ASK)).toHaveLength(1);
  });

  it('shows an earlier conversation read back, and follows it', async () => {
    const api = fakeServer({
      [CONVERSATION]: () => new Response(JSON.stringify({
        conversationId: 'conv-0', associationId: 7, associationName: 'Maple Grove',
        turns: [{ answerId: 'ans-0', question: 'Where are the rules?', text: 'In the pool rules [1].', refused: false, citations: CITATIONS.slice(0, 1), helpful: true, at: '2026-01-01T10:00:00Z' }],
      }), { status: 200, headers: { 'content-type': 'application/json' } }),
      [ASK]: () => streamed(answerEvents('conv-0', 'ans-1')),
    });
    await show({ conversation: { operation: 'getMycaConversation', params: { conversationId: 'conv-0' } } });
    await screen.findByRole('link', { name: 'Source 1: Pool rules' });
    expect(log().textContent).toContain('Where are the rules?');
    expect(screen.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true');
    await askByButton('And the gym?');
    await waitFor(() => expect(api.to(ASK)).toHaveLength(1));
    expect(api.to(ASK)[0].body).toEqual({ question: 'And the gym?', conversationId: 'conv-0' });
  });

  it('says so when the earlier conversation cannot be read, and still takes a question (a new conversation)', async () => {
    const api = fakeServer({
      [CONVERSATION]: () => problem(404, { status: 404, title: 'Not Found', detail: 'No such conversation', errorCode: 'TEST404' }),
      [ASK]: () => streamed(answerEvents('conv-2', 'ans-1')),
    });
    await show({ conversation: { operation: 'getMycaConversation', params: { conversationId: 'conv-0' }, error: 'test.chat.failed' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No answer could be made. Please try again.'));
    await askByButton('When does the pool open?');
    await screen.findByRole('link', { name: 'Source 1: Pool rules' });
    expect(api.to(ASK)[0].body).toEqual({ question: 'When does the pool open?' });
  });
});
