import { describe, expect, it } from 'vitest';
import { bodyLimit } from './request-guard.ts';

describe('request body limits', () => {
  it('64 KB everywhere, 6 MB for the bank statement and strain photo uploads (the pages refuse above 5 MB with a message), 3 MB for the stock CSV import', () => {
    expect(bodyLimit('/beheer/bank')).toBe(6 * 1024 * 1024);
    expect(bodyLimit('/beheer/bank.data')).toBe(6 * 1024 * 1024);
    expect(bodyLimit('/beheer/bankx')).toBe(64 * 1024);
    expect(bodyLimit('/beheer/bestellingen/KK-AAAA-AAAA')).toBe(64 * 1024);
    expect(bodyLimit('/contact')).toBe(64 * 1024);
    expect(bodyLimit('/beheer/voorraad/import')).toBe(3 * 1024 * 1024);
    expect(bodyLimit('/beheer/voorraad')).toBe(64 * 1024);
    expect(bodyLimit('/beheer/catalogus/12')).toBe(6 * 1024 * 1024);
    expect(bodyLimit('/beheer/catalogus/12.data')).toBe(6 * 1024 * 1024);
    expect(bodyLimit('/beheer/catalogus/nieuw')).toBe(64 * 1024);
    expect(bodyLimit('/beheer/catalogus/12/foto')).toBe(64 * 1024);
  });
});
