import { describe, expect, it } from 'vitest';
import { documentPathOf } from './routing.ts';

describe('documentPathOf', () => {
  it.each([
    ['/faq.data', '/faq'],
    ['/faq/_.data', '/faq/'],
    ['/_.data', '/'],
    ['/collecties/hoog-thc/2.data', '/collecties/hoog-thc/2'],
  ])('%s is a data request for %s', (path, page) => {
    expect(documentPathOf(path)).toBe(page);
  });
  it('a document request is not a data request', () => {
    expect(documentPathOf('/faq')).toBeNull();
    expect(documentPathOf('/faq/')).toBeNull();
  });
});
