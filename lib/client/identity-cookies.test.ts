/**
 * @jest-environment-options {"url": "https://shusheng.example/m/novels/1?referral_link_id=ref-7"}
 */
import Cookies from 'js-cookie';
import { referralLinkId, trackingId } from './identity';

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
