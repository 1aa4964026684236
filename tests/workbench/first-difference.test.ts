/** Where two JSON values first differ, in the words the export check shows. */
import { describe, expect, it } from 'vitest';
import { firstDifference } from '../../src/workbench/first-difference.ts';

describe('firstDifference', () => {
  it('finds none between equal values, however deep', () => {
    const value = {
      count: 2,
      items: [
        { slug: 'a', tags: ['x'] },
        { slug: 'b', tags: [] },
      ],
      next: null,
    };
    expect(firstDifference(value, structuredClone(value))).toBeUndefined();
    expect(firstDifference([], [])).toBeUndefined();
    expect(firstDifference('same', 'same')).toBeUndefined();
  });

  it('names the path of a changed leaf, with both values', () => {
    expect(firstDifference({ items: [{ name: 'x' }] }, { items: [{ name: 'y' }] })).toBe('items[0].name: "x" ≠ "y"');
    expect(firstDifference({ count: 3 }, { count: '3' })).toBe('count: 3 ≠ "3"');
    expect(firstDifference([[1, 2]], [[1, 3]])).toBe('[0][1]: 2 ≠ 3');
  });

  it('reports the first difference in document order, not a later one', () => {
    expect(firstDifference({ a: 1, b: 2 }, { a: 9, b: 8 })).toBe('a: 1 ≠ 9');
    expect(firstDifference([1, 2, 3], [1, 5, 6])).toBe('[1]: 2 ≠ 5');
  });

  it('says which side lacks a member', () => {
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toBe('b: missing here, present in the payload');
    expect(firstDifference({ a: { c: 1, b: 2 } }, { a: { c: 1 } })).toBe('a.b: present here, missing from the payload');
  });

  it('compares lengths once the common items agree', () => {
    expect(firstDifference([1, 2], [1])).toBe('the root: 2 items ≠ 1 items');
    expect(firstDifference({ items: [1] }, { items: [1, 2] })).toBe('items: 1 items ≠ 2 items');
  });

  it('tells an object from an array and from null', () => {
    expect(firstDifference({}, [])).toBe('the root: {} ≠ []');
    expect(firstDifference({ next: null }, { next: {} })).toBe('next: null ≠ {}');
  });

  it('shortens long values to 40 characters', () => {
    expect(firstDifference({ text: 'a'.repeat(100) }, { text: 'b' })).toBe(`text: "${'a'.repeat(38)}… ≠ "b"`);
  });
});
