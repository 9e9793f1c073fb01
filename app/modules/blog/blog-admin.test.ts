import { describe, expect, it } from 'vitest';
import { postStatusOf } from './blog-admin.ts';

describe('postStatusOf', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it('a draft stays a draft whatever its date', () => {
    expect(postStatusOf('draft', new Date('2026-01-01T00:00:00Z'), now)).toBe('draft');
  });
  it('published with a moment ahead is scheduled; at or after it, published', () => {
    expect(postStatusOf('published', new Date('2026-05-01T10:00:01Z'), now)).toBe('scheduled');
    expect(postStatusOf('published', now, now)).toBe('published');
    expect(postStatusOf('published', new Date('2026-04-01T00:00:00Z'), now)).toBe('published');
  });
});
