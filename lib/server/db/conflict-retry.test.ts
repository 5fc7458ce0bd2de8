import { isLockTimeout, isTransactionConflict, retryOnConflict } from './pg-errors';

// Drizzle wraps the driver's error: the code sits on the cause.
const deadlock = () =>
  Object.assign(new Error('Failed query: select … for update'), {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });

describe('retryOnConflict', () => {
  it('runs a transaction again when it was a deadlock victim, and answers what the retry answered', async () => {
    let runs = 0;
    const result = await retryOnConflict(async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'bought';
    });
    expect(result).toBe('bought');
    expect(runs).toBe(3);
  });

  it('gives up after the attempts allowed, and never retries any other error', async () => {
    let runs = 0;
    await expect(retryOnConflict(async () => ((runs += 1), Promise.reject(deadlock())), 2)).rejects.toThrow('Failed query');
    expect(runs).toBe(2);
    runs = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(retryOnConflict(async () => ((runs += 1), Promise.reject(unique)))).rejects.toBe(unique);
    expect(runs).toBe(1);
    expect(isTransactionConflict(deadlock())).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('x'), { code: '40001' }))).toBe(true);
    expect(isTransactionConflict(unique)).toBe(false);
  });

  it('runs a transaction again after a lock timeout only when the caller asks (opening orders, crediting payments)', async () => {
    const lockTimeout = () =>
      Object.assign(new Error('Failed query: insert into product_quota_days …'), {
        cause: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
      });
    expect(isLockTimeout(lockTimeout())).toBe(true);
    expect(isLockTimeout(deadlock())).toBe(false);
    let runs = 0;
    await expect(retryOnConflict(async () => ((runs += 1), Promise.reject(lockTimeout())))).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
    runs = 0;
    const opened = await retryOnConflict(
      async () => {
        runs += 1;
        if (runs < 3) throw lockTimeout();
        return 'opened';
      },
      3,
      { lockTimeouts: true },
    );
    expect(opened).toBe('opened');
    expect(runs).toBe(3);
  });
});
