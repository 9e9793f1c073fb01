import { describe, it, expect, vi } from 'vitest';
import {
  addToast,
  closeToast,
  createToastId,
  MAX_TOASTS,
  removeToast,
  SWIPE_THRESHOLD,
  TOAST_DURATION,
  TOAST_GAP,
  TOAST_HOTKEY,
  TOAST_REMOVE_DELAY,
  validateToast,
  type ToastInput,
  type ToastItem,
} from './toast-queue.ts';

const input = (title: string, extra: Partial<ToastInput> = {}): ToastInput => ({ title, type: 'foreground', ...extra });

function fill(count: number): ToastItem[] {
  let queue: ToastItem[] = [];
  for (let i = 1; i <= count; i++) queue = addToast(queue, input(`t${i}`, { id: `id-${i}` }));
  return queue;
}

describe('toast queue', () => {
  it('has the spec constants', () => {
    expect({ MAX_TOASTS, TOAST_DURATION, SWIPE_THRESHOLD, TOAST_HOTKEY, TOAST_GAP, TOAST_REMOVE_DELAY }).toEqual({
      MAX_TOASTS: 5,
      TOAST_DURATION: 5000,
      SWIPE_THRESHOLD: 50,
      TOAST_HOTKEY: ['F8'],
      TOAST_GAP: 16,
      TOAST_REMOVE_DELAY: 200,
    });
  });

  it('appends an open toast and keeps all given fields', () => {
    const onClick = vi.fn();
    const queue = addToast([], input('Toegevoegd', { id: 'a', description: 'In je winkelwagen', action: { label: 'Ongedaan', altText: 'Ongedaan maken', onClick }, sku: 'kk-1' }));
    expect(queue).toEqual([
      { id: 'a', open: true, title: 'Toegevoegd', description: 'In je winkelwagen', type: 'foreground', action: { label: 'Ongedaan', altText: 'Ongedaan maken', onClick }, sku: 'kk-1' },
    ]);
  });

  it('does not mutate the queue it was given', () => {
    const before = fill(2);
    const copy = structuredClone(before);
    addToast(before, input('x'));
    closeToast(before, 'id-1');
    removeToast(before, 'id-1');
    expect(before).toEqual(copy);
  });

  it('generates distinct ids when none is given', () => {
    const queue = addToast(addToast([], input('a')), input('b'));
    expect(queue[0]?.id).toEqual(expect.any(String));
    expect(queue[0]?.id).not.toBe('');
    expect(queue[0]?.id).not.toBe(queue[1]?.id);
    expect(createToastId()).not.toBe(createToastId());
  });

  it('keeps 5 toasts; the 6th drops the oldest', () => {
    const five = fill(5);
    expect(five.map((t) => t.id)).toEqual(['id-1', 'id-2', 'id-3', 'id-4', 'id-5']);
    const six = addToast(five, input('t6', { id: 'id-6' }));
    expect(six).toHaveLength(MAX_TOASTS);
    expect(six.map((t) => t.id)).toEqual(['id-2', 'id-3', 'id-4', 'id-5', 'id-6']);
  });

  it('re-adding an existing id replaces it instead of duplicating', () => {
    const queue = closeToast(fill(3), 'id-2');
    const next = addToast(queue, input('nieuw', { id: 'id-2' }));
    expect(next.map((t) => t.id)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(next[1]).toMatchObject({ title: 'nieuw', open: true });
  });

  it.each([undefined, 'info', 'Foreground', 1])('rejects type %j', (type) => {
    expect(() => validateToast({ title: 'x', type } as never)).toThrow(/foreground.*background/);
    expect(() => addToast([], { title: 'x', type } as never)).toThrow();
  });

  it.each(['foreground', 'background'] as const)('accepts type %s', (type) => {
    expect(() => validateToast({ title: 'x', type })).not.toThrow();
  });

  it.each([
    ['missing', { label: 'Ongedaan', onClick: () => {} }],
    ['empty', { label: 'Ongedaan', altText: '', onClick: () => {} }],
    ['blank', { label: 'Ongedaan', altText: '   ', onClick: () => {} }],
  ])('rejects an action with %s altText', (_case, action) => {
    expect(() => validateToast({ title: 'x', type: 'foreground', action })).toThrow(/altText/);
    expect(() => addToast([], input('x', { action: action as never }))).toThrow(/altText/);
  });

  it('accepts an action with altText', () => {
    expect(() => validateToast(input('x', { action: { label: 'Bekijk', altText: 'Bekijk je winkelwagen', onClick: () => {} } }))).not.toThrow();
  });

  it('close marks only that toast closed, remove then drops it', () => {
    const queue = fill(3);
    const closed = closeToast(queue, 'id-2');
    expect(closed.map((t) => [t.id, t.open])).toEqual([
      ['id-1', true],
      ['id-2', false],
      ['id-3', true],
    ]);
    const removed = removeToast(closed, 'id-2');
    expect(removed.map((t) => t.id)).toEqual(['id-1', 'id-3']);
  });

  it('close and remove of an unknown id change nothing', () => {
    const queue = fill(2);
    expect(closeToast(queue, 'nope')).toEqual(queue);
    expect(removeToast(queue, 'nope')).toEqual(queue);
  });
});
