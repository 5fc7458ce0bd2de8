import {
  AD_KEYS,
  adsUnsupported,
  carouselClosed,
  closeCarousel,
  customModalAllowed,
  recordAdError,
  scheduleCustomModal,
  UNSUPPORTED_PAUSE_MS,
  type AdStorage,
} from './rules';

// docs/ads.md "Client rules": the error counter, the closed carousel, the custom-ad modal once a day, 1 s late.
function memoryStorage(): AdStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('error counter', () => {
  it('stores the time as "unsupported" only once the count is above 3, and clears it after a day', () => {
    const s = memoryStorage();
    const t0 = Date.UTC(2030, 0, 1, 2);
    for (let i = 0; i < 3; i++) recordAdError(s, t0);
    expect(s.getItem(AD_KEYS.errorCount)).toBe('3');
    expect(s.getItem(AD_KEYS.unsupportedAt)).toBeNull();
    expect(adsUnsupported(s, t0)).toBe(false);
    recordAdError(s, t0 + 5);
    expect(s.getItem(AD_KEYS.unsupportedAt)).toBe(String(t0 + 5));
    recordAdError(s, t0 + 99);
    expect(s.getItem(AD_KEYS.unsupportedAt)).toBe(String(t0 + 5));
    expect(adsUnsupported(s, t0 + UNSUPPORTED_PAUSE_MS)).toBe(true);
    expect(adsUnsupported(s, t0 + 5 + UNSUPPORTED_PAUSE_MS)).toBe(false);
    expect(s.getItem(AD_KEYS.errorCount)).toBeNull();
  });

  it('does nothing without storage', () => {
    expect(() => recordAdError(null)).not.toThrow();
    expect(adsUnsupported(null)).toBe(false);
  });
});

describe('closed carousel', () => {
  it('stays closed once closed', () => {
    const s = memoryStorage();
    expect(carouselClosed(s)).toBe(false);
    closeCarousel(s);
    expect(carouselClosed(s)).toBe(true);
    expect(s.getItem(AD_KEYS.carouselClosed)).toBe('1');
  });
});

describe('custom-ad modal', () => {
  const gate = { signedIn: true, isAdEnabled: true, selfOwned: false, bonusHunterOffer: true };
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('needs sign-in, ads on, not self-owned and the bonus_hunter offer', () => {
    const s = memoryStorage();
    const now = new Date(Date.UTC(2030, 0, 1, 2));
    expect(customModalAllowed(gate, s, now)).toBe(true);
    expect(customModalAllowed({ ...gate, signedIn: false }, s, now)).toBe(false);
    expect(customModalAllowed({ ...gate, isAdEnabled: false }, s, now)).toBe(false);
    expect(customModalAllowed({ ...gate, selfOwned: true }, s, now)).toBe(false);
    expect(customModalAllowed({ ...gate, bonusHunterOffer: false }, s, now)).toBe(false);
    expect(customModalAllowed(gate, null, now)).toBe(false);
  });

  it('opens 1 s late, at most once per Asia/Shanghai day', () => {
    const s = memoryStorage();
    // 2030-01-01 15:30 UTC is 23:30 in Shanghai; 16:30 UTC is the next day there.
    let now = new Date(Date.UTC(2030, 0, 1, 15, 30));
    const open = jest.fn();
    scheduleCustomModal({ storage: s, otherModalOpen: () => false, open, now: () => now });
    jest.advanceTimersByTime(999);
    expect(open).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    expect(s.getItem(AD_KEYS.customModalShownOn)).toBe('2030-01-01');
    expect(customModalAllowed(gate, s, now)).toBe(false);
    scheduleCustomModal({ storage: s, otherModalOpen: () => false, open, now: () => now });
    jest.advanceTimersByTime(1000);
    expect(open).toHaveBeenCalledTimes(1);
    now = new Date(Date.UTC(2030, 0, 1, 16, 30));
    expect(customModalAllowed(gate, s, now)).toBe(true);
    scheduleCustomModal({ storage: s, otherModalOpen: () => false, open, now: () => now });
    jest.advanceTimersByTime(1000);
    expect(open).toHaveBeenCalledTimes(2);
    expect(s.getItem(AD_KEYS.customModalShownOn)).toBe('2030-01-02');
  });

  it('is not shown, and the day not used up, while another modal is open; cancel stops it', () => {
    const s = memoryStorage();
    const open = jest.fn();
    scheduleCustomModal({ storage: s, otherModalOpen: () => true, open });
    jest.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
    expect(s.getItem(AD_KEYS.customModalShownOn)).toBeNull();
    const cancel = scheduleCustomModal({ storage: s, otherModalOpen: () => false, open });
    cancel();
    jest.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
  });
});
