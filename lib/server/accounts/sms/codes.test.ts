import { eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { smsCodes } from '../../db/schema';
import { consumeLoginCode, sendLoginCode } from './codes';
import type { SmsProvider } from './provider';

const db = useTestDatabase();
const sent = new Map<string, string>();
const capture: SmsProvider = { name: 'capture', sendLoginCode: async (phone, code) => void sent.set(phone, code) };
const MIN = 60_000;
let seq = 0;
// Each test uses its own phone and IP so limits from one never leak into another.
const fresh = () => ({ phone: `139${String(10_000_000 + ++seq).slice(-8)}`, ip: `10.0.0.${seq}` });

describe('sendLoginCode', () => {
  it('sends a 6-digit code valid for 5 minutes and stores only its hash', async () => {
    const { phone, ip } = fresh();
    await expect(sendLoginCode(phone, ip, capture)).resolves.toEqual({ expires_in: 300, resend_in: 60 });
    const code = sent.get(phone)!;
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db.handle().db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * MIN);
  });

  it('allows one send a minute per phone', async () => {
    const { phone, ip } = fresh();
    const t0 = new Date('2026-11-21T02:00:00Z');
    await sendLoginCode(phone, ip, capture, t0);
    await expect(sendLoginCode(phone, ip, capture, new Date(t0.getTime() + 30_000))).rejects.toMatchObject({
      code: 42900,
      message: '发送太频繁，请1分钟后再试',
    });
    await expect(sendLoginCode(phone, ip, capture, new Date(t0.getTime() + MIN + 1))).resolves.toBeDefined();
  });

  it('allows five sends an hour and ten a day per phone', async () => {
    const { phone } = fresh();
    const t0 = new Date('2026-11-21T03:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);
    for (let i = 0; i < 5; i++) await sendLoginCode(phone, `10.1.${seq}.${i}`, capture, at(i * 2));
    await expect(sendLoginCode(phone, '10.1.99.1', capture, at(11))).rejects.toMatchObject({
      message: '该手机号本小时获取验证码次数已达上限，请稍后再试',
    });
    for (let i = 0; i < 5; i++) await sendLoginCode(phone, `10.2.${seq}.${i}`, capture, at(61 + i * 2));
    await expect(sendLoginCode(phone, '10.2.99.1', capture, at(125))).rejects.toMatchObject({
      message: '该手机号今日获取验证码次数已达上限，请明天再试',
    });
    await expect(sendLoginCode(phone, '10.3.99.1', capture, at(24 * 60 + 1))).resolves.toBeDefined();
  });

  it('limits sends per IP across phones', async () => {
    const ip = '10.9.9.9';
    const t0 = new Date('2026-11-21T05:00:00Z');
    for (let i = 0; i < 20; i++) await sendLoginCode(`1370000${String(1000 + i)}`, ip, capture, new Date(t0.getTime() + i * 1000));
    await expect(sendLoginCode('13700009999', ip, capture, new Date(t0.getTime() + 30_000))).rejects.toMatchObject({
      code: 42900,
      message: '当前网络获取验证码过于频繁，请稍后再试',
    });
  });

  it('does not count a send the provider failed to deliver', async () => {
    const { phone, ip } = fresh();
    const broken: SmsProvider = { name: 'broken', sendLoginCode: () => Promise.reject(new Error('gateway down')) };
    await expect(sendLoginCode(phone, ip, broken)).rejects.toMatchObject({ code: 50300, message: '短信发送失败，请稍后重试' });
    await expect(sendLoginCode(phone, ip, capture)).resolves.toBeDefined();
  });

  it('serializes parallel sends for one phone: exactly one gets through', async () => {
    const { phone, ip } = fresh();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => sendLoginCode(phone, ip, capture)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('consumeLoginCode', () => {
  async function issued(now?: Date) {
    const { phone, ip } = fresh();
    await sendLoginCode(phone, ip, capture, now);
    const code = sent.get(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    return { phone, code, wrong };
  }

  it('accepts the right code once', async () => {
    const { phone, code } = await issued();
    await expect(consumeLoginCode(phone, code)).resolves.toBeUndefined();
    await expect(consumeLoginCode(phone, code)).rejects.toMatchObject({ code: 40000, message: '验证码已过期或未发送，请重新获取' });
  });

  it('refuses an expired code', async () => {
    const t0 = new Date(Date.now() - 10 * MIN);
    const { phone, code } = await issued(t0);
    await expect(consumeLoginCode(phone, code)).rejects.toMatchObject({ message: '验证码已过期或未发送，请重新获取' });
  });

  it('counts down wrong tries and burns the code after five, even for the right code', async () => {
    const { phone, code, wrong } = await issued();
    for (let left = 4; left >= 1; left--) {
      await expect(consumeLoginCode(phone, wrong)).rejects.toMatchObject({ code: 40000, message: `验证码错误，还可尝试${left}次` });
    }
    await expect(consumeLoginCode(phone, wrong)).rejects.toMatchObject({ code: 42900, message: '验证码错误次数过多，请重新获取' });
    await expect(consumeLoginCode(phone, code)).rejects.toMatchObject({ code: 42900, message: '验证码错误次数过多，请重新获取' });
  });

  it('gives parallel guesses five comparisons in all', async () => {
    const { phone, code } = await issued();
    const guesses = Array.from({ length: 40 }, (_, i) => String(i).padStart(6, '9')).filter((g) => g !== code);
    await Promise.allSettled(guesses.map((g) => consumeLoginCode(phone, g)));
    const [row] = await db.handle().db.select({ attempts: smsCodes.attempts }).from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.attempts).toBe(5);
    await expect(consumeLoginCode(phone, code)).rejects.toMatchObject({ code: 42900 });
  });

  it('only the newest code counts', async () => {
    const t0 = new Date(Date.now() - 2 * MIN);
    const { phone, code: old } = await issued(t0);
    await sendLoginCode(phone, '10.8.8.8', capture);
    const newest = sent.get(phone)!;
    if (old !== newest) await expect(consumeLoginCode(phone, old)).rejects.toMatchObject({ code: 40000 });
    await expect(consumeLoginCode(phone, newest)).resolves.toBeUndefined();
  });
});
