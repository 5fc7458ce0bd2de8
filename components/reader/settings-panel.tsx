'use client';

import {
  FONT_SIZES,
  LINE_HEIGHTS,
  useReaderSettingsStore,
  type Font,
  type ReaderMode,
  type Skin,
} from '@/lib/client/reader/settings-store';

const FONT_LABELS: Record<Font, string> = { font1: '黑体', font2: '楷体', font3: '宋体' };
const SKIN_LABELS: Record<Skin, string> = { skin1: '默认', skin2: '护眼', skin3: '纸张', night: '夜间' };
const MODE_LABELS: Record<ReaderMode, string> = { v: '上下滚动', p: '左右翻页' };

/** Reader settings: they apply at once (CSS variables on <html>) and persist for the next visit. */
export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const s = useReaderSettingsStore();
  const choice = <K extends string>(legend: string, labels: Record<K, string>, value: K, pick: (v: K) => void) => (
    <fieldset className="settings-row">
      <legend>{legend}</legend>
      {(Object.keys(labels) as K[]).map((k) => (
        <button key={k} type="button" className={k === value ? 'chip active' : 'chip'} aria-pressed={k === value} onClick={() => pick(k)}>
          {labels[k]}
        </button>
      ))}
    </fieldset>
  );
  return (
    <section className="reader-settings" aria-label="阅读设置">
      <fieldset className="settings-row">
        <legend>字号 {s.fontSize}</legend>
        <button
          type="button"
          className="chip"
          aria-label="字号减小"
          disabled={s.fontSize <= FONT_SIZES.min}
          onClick={() => s.set({ fontSize: s.fontSize - 1 })}
        >
          A-
        </button>
        <button
          type="button"
          className="chip"
          aria-label="字号增大"
          disabled={s.fontSize >= FONT_SIZES.max}
          onClick={() => s.set({ fontSize: s.fontSize + 1 })}
        >
          A+
        </button>
      </fieldset>
      {choice(
        '行距',
        Object.fromEntries(LINE_HEIGHTS.map((h) => [String(h), String(h)])) as Record<string, string>,
        String(s.lineHeight),
        (v) => s.set({ lineHeight: Number(v) }),
      )}
      {choice('字体', FONT_LABELS, s.font, (font) => s.set({ font }))}
      {choice('背景', SKIN_LABELS, s.skin, (skin) => s.set({ skin }))}
      {choice('翻页', MODE_LABELS, s.reader, (reader) => s.set({ reader }))}
      <button type="button" className="button button-block" onClick={onClose}>
        完成
      </button>
    </section>
  );
}
