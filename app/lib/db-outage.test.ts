import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureOutage, inOutage, isConnectionError, isStorageError, outagePage, reportDbError, reportDbOk } from './db-outage.ts';

describe('database outages', () => {
  afterEach(() => reportDbOk());

  it('recognises lost and refused connections, also wrapped by Drizzle', () => {
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });

  it('logs one incident however many requests fail, and its end once', () => {
    const log = vi.fn();
    configureOutage({ log });
    const lost = Object.assign(new Error('Connection terminated'), { code: undefined });
    for (let i = 0; i < 20; i++) expect(reportDbError(lost)).toBe(true);
    expect(inOutage()).toBe(true);
    expect(reportDbError(new Error('a bug'))).toBe(false);
    reportDbOk();
    reportDbOk();
    expect(inOutage()).toBe(false);
    expect(log.mock.calls.map((c) => c[0])).toEqual(['db_unreachable', 'db_recovered']);
  });

  it('a full disk or read-only folder is a storage error: a 503, but no incident', () => {
    const full = new Error('Failed query: insert …', { cause: Object.assign(new Error('could not extend file "base/5/1": No space left on device'), { code: '53100' }) });
    expect(isStorageError(full)).toBe(true);
    expect(isStorageError(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))).toBe(true);
    expect(isStorageError(new Error('duplicate key'))).toBe(false);
    expect(reportDbError(full)).toBe(true);
    expect(inOutage()).toBe(false);
  });

  it('the 503 page is Dutch and self-contained', () => {
    const html = outagePage();
    expect(html).toContain('lang="nl"');
    expect(html).toContain('De winkel is zo weer bereikbaar');
    expect(html).not.toMatch(/<script|stylesheet/);
  });
});
