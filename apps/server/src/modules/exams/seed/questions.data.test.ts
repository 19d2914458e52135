import { describe, expect, it } from 'vitest';
import { INTELLIGENT, INTERMEDIATE, JUNIOR, SHARED, calculationQuestions } from './questions.data';

const calc = calculationQuestions();
const all = [...JUNIOR, ...INTERMEDIATE, ...SHARED, ...INTELLIGENT, ...calc.junior, ...calc.intermediate];

describe('demo question bank', () => {
  it('holds more than 150 questions', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('gives every choice question distinct options and answers that name existing options', () => {
    for (const [kind, , , stem, options, answer] of all) {
      if (kind !== 'single' && kind !== 'multiple') continue;
      expect(new Set(options).size, stem).toBe(options.length);
      for (const letter of answer) expect('ABCDEFGH'.indexOf(letter), stem).toBeLessThan(options.length);
      expect(answer.length === 1, stem).toBe(kind === 'single');
    }
  });

  it('has no two questions with the same stem', () => {
    const stems = all.map((q) => q[3]);
    expect(new Set(stems).size).toBe(stems.length);
  });
});
