import { describe, expect, it } from 'vitest';
import { conversationText, type Turn } from '../../engine/react/widgets/chat/chat-model.ts';

// What an offer of a refused answer carries into the form it opens (`{{conversation}}`).

const turn = (question: string, text: string, state: Turn['state'] = 'done'): Turn =>
  ({ key: question, question, text, state, refused: false, citations: [], offers: [], helpful: null });
const labels = { asked: 'Q:', answered: 'A:' };

describe('conversationText', () => {
  it('lists the earlier questions and answers, markers left out, then the question', () => {
    const turns = [turn('pool hours?', 'From 9 am [1] to 9 pm [2].'), turn('and the hot tub?', 'Nothing found.')];
    expect(conversationText(turns, 1, labels)).toBe('Q: pool hours?\nA: From 9 am to 9 pm.\n\nQ: and the hot tub?');
    expect(conversationText(turns, 0, labels)).toBe('Q: pool hours?');
  });

  it('leaves out answers that never came, and later turns', () => {
    const turns = [turn('first?', '', 'streaming'), turn('second?', 'No.'), turn('third?', 'Later.')];
    expect(conversationText(turns, 1, labels)).toBe('Q: second?');
  });

  it('lets the earliest turns give way to stay within the limit, and cuts only an overlong question', () => {
    const turns = [turn('one?', 'a'.repeat(50)), turn('two?', 'b'.repeat(50)), turn('three?', '')];
    const text = conversationText(turns, 2, labels, 80);
    expect(text).toBe(`Q: two?\nA: ${'b'.repeat(50)}\n\nQ: three?`);
    expect(text.length).toBeLessThanOrEqual(80);
    expect(conversationText([turn('x'.repeat(100), '')], 0, labels, 40)).toBe(`Q: ${'x'.repeat(36)}…`);
  });
});
