import { msToNextMinute, pagedStatus } from './paged-status';

describe('paged mode status line', () => {
  const now = new Date(2026, 10, 28, 9, 5, 30, 250);

  it('shows the title, the page of pages (1-based), the time and the battery', () => {
    expect(pagedStatus({ title: '第一章 启程', page: 11, pages: 30, now, battery: 0.8 })).toEqual({
      title: '第一章 启程',
      page: '12 / 30',
      time: '09:05',
      battery: '80%',
    });
  });

  it('leaves the battery out where the browser does not tell it', () => {
    expect(pagedStatus({ title: 't', page: 0, pages: 1, now, battery: null }).battery).toBeNull();
    expect(pagedStatus({ title: 't', page: 0, pages: 1, now, battery: Number.NaN }).battery).toBeNull();
  });

  it('never shows a page outside the chapter while it is being measured', () => {
    expect(pagedStatus({ title: 't', page: 0, pages: 0, now, battery: 1 }).page).toBe('1 / 1');
    expect(pagedStatus({ title: 't', page: 9, pages: 3, now, battery: 1 }).page).toBe('3 / 3');
  });

  it('wakes at the next minute', () => {
    expect(msToNextMinute(now)).toBe(29_750);
  });
});
