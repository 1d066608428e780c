import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotices, dismiss, notify, updateNotice } from './notify';

afterEach(() => {
  for (const notice of currentNotices()) dismiss(notice.id);
  vi.useRealTimers();
});

describe('notify', () => {
  it('adds a notice that disappears after its timeout', () => {
    vi.useFakeTimers();
    notify({ type: 'success', content: 'Cliente incluido com sucesso', timeout: 1000 });
    expect(currentNotices()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(currentNotices()).toHaveLength(0);
  });

  it('shows the same notice once while it is on screen', () => {
    const first = notify({ type: 'error', header: 'Token', content: 'x', timeout: 0 });
    const second = notify({ type: 'error', header: 'Token', content: 'x', timeout: 0 });
    expect(second).toBe(first);
    expect(currentNotices()).toHaveLength(1);
  });

  it('updates a notice in place (the progress of an export) and leaves a dismissed one dismissed', () => {
    const id = notify({
      type: 'info',
      loading: true,
      header: 'Tag Vinhos',
      content: 'Gerando arquivo…',
      timeout: 0,
    });
    updateNotice(id, { content: 'Gerando arquivo… 1.000 linhas' });
    expect(currentNotices()).toEqual([
      { id, type: 'info', loading: true, header: 'Tag Vinhos', content: 'Gerando arquivo… 1.000 linhas' },
    ]);
    dismiss(id);
    updateNotice(id, { content: 'tarde demais' });
    expect(currentNotices()).toEqual([]);
  });
});
