/**
 * @jest-environment-options {"url": "https://shusheng.example/m/novels/1?referral_link_id=ref-7"}
 */
import Cookies from 'js-cookie';
import { clearMember, memberId, referralLinkId, trackingId } from './identity';

// The tracking and referral cookies are set by the browser, not by the server on cacheable pages
// (docs/web-security.md); on an https page they are Secure.
describe('tracking cookies on an https page', () => {
  it('sets zaid and ref_link_id Secure, SameSite=Lax, for three years', () => {
    const set = jest.spyOn(Cookies, 'set');
    const id = trackingId();
    expect(referralLinkId()).toBe('ref-7');
    const calls = set.mock.calls.map(([name, value, attributes]) => ({ name, value, attributes }));
    expect(calls).toEqual(
      expect.arrayContaining([
        { name: 'zaid', value: id, attributes: expect.objectContaining({ secure: true, sameSite: 'lax', expires: 1095 }) },
        { name: 'ref_link_id', value: 'ref-7', attributes: expect.objectContaining({ secure: true, sameSite: 'lax', expires: 1095 }) },
      ]),
    );
    // Once set, the same id comes back.
    expect(trackingId()).toBe(id);
  });
});

// document.cookie is read once per task however many lookups a render makes (docs/operations.md "First screen"),
// and a cookie the server or another tab sets is seen from the next task on.
describe('cookie reads', () => {
  function cookieReads() {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const reads = jest.fn();
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() {
        reads();
        return descriptor.get!.call(document);
      },
      set(value: string) {
        descriptor.set!.call(document, value);
      },
    });
    return { reads, restore: () => delete (document as { cookie?: string }).cookie };
  }

  it('parses the cookies once for many lookups in one task (js-cookie reads the string twice)', async () => {
    await Promise.resolve();
    const { reads, restore } = cookieReads();
    try {
      for (let i = 0; i < 10; i++) {
        memberId();
        trackingId();
      }
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      restore();
    }
  });

  it('sees a member signed in by the server from the next task, and forgets one signed out at once', async () => {
    await Promise.resolve();
    expect(memberId()).toBeUndefined();
    document.cookie = 'member_id=42; path=/';
    // Same task: the earlier read still answers.
    expect(memberId()).toBeUndefined();
    await Promise.resolve();
    expect(memberId()).toBe('42');
    clearMember();
    expect(memberId()).toBeUndefined();
  });
});
