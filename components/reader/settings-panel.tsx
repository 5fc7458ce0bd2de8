'use client';

import { useEffect, useState } from 'react';
import { availableFonts } from '@/lib/client/reader/font-availability';
import { afterLoadWhenIdle } from '@/lib/client/when-idle';
import {
  BRIGHTNESS,
  FONT_SIZES,
  LINE_HEIGHTS,
  MARGINS,
  SKINS,
  TURNS,
  useReaderSettingsStore,
  type Font,
  type PageTurn,
  type ReaderMode,
  type Skin,
} from '@/lib/client/reader/settings-store';
import './settings-panel.css';

const FONT_LABELS: Record<Font, string> = { font1: '黑体', font2: '楷体', font3: '宋体' };
const SKIN_LABELS: Record<Skin, string> = { skin1: '默认', skin2: '护眼', skin3: '纸张', night: '夜间' };
const MODE_LABELS: Record<ReaderMode, string> = { v: '上下滚动', p: '左右翻页' };
const TURN_LABELS: Record<PageTurn, string> = { none: '无', slide: '平移' };
const LINE_LABELS = ['紧凑', '标准', '宽松'] as const;
const MARGIN_LABELS = ['窄', '中', '宽'] as const;

// Which faces this device draws is asked once a visit, at an idle moment after this code has loaded (it is fetched
// when the bars show): drawing the test glyphs on the panel's first render put them inside the tap that opens it.
let deviceFonts: Font[] | null = null;
const knowFonts = () => (deviceFonts ??= availableFonts());
if (typeof window !== 'undefined') afterLoadWhenIdle(knowFonts);

/**
 * Reader settings (docs/reading.md "Settings"): they apply at once (CSS variables on <html>) and persist for the next
 * visit. Only faces this device really draws are offered; a stored face it lacks shows as the sans face.
 */
export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const s = useReaderSettingsStore();
  const [fonts, setFonts] = useState<Font[]>(() => deviceFonts ?? ['font1']);
  useEffect(() => {
    if (!deviceFonts) setFonts(knowFonts());
  }, []);
  const font = fonts.includes(s.font) ? s.font : 'font1';

  const chips = <K extends string | number>(
    legend: string,
    options: readonly K[],
    label: (k: K, i: number) => string,
    value: K,
    pick: (v: K) => void,
  ) => (
    <fieldset className="settings-row">
      <legend>{legend}</legend>
      <div className="settings-options">
        {options.map((k, i) => (
          <button
            key={String(k)}
            type="button"
            className={k === value ? 'chip active' : 'chip'}
            aria-pressed={k === value}
            onClick={() => pick(k)}
          >
            {label(k, i)}
          </button>
        ))}
      </div>
    </fieldset>
  );

  return (
    <section className="reader-settings" aria-label="阅读设置">
      <fieldset className="settings-row">
        <legend>字号</legend>
        <div className="settings-options settings-slider">
          <button
            type="button"
            className="chip"
            disabled={s.fontSize <= FONT_SIZES.min}
            onClick={() => s.set({ fontSize: s.fontSize - 1 })}
          >
            A-<span className="visually-hidden">（字号减小）</span>
          </button>
          <input
            type="range"
            aria-label="字号"
            min={FONT_SIZES.min}
            max={FONT_SIZES.max}
            step={1}
            value={s.fontSize}
            onChange={(e) => s.set({ fontSize: Number(e.target.value) })}
          />
          <output className="settings-value">{s.fontSize}</output>
          <button
            type="button"
            className="chip"
            disabled={s.fontSize >= FONT_SIZES.max}
            onClick={() => s.set({ fontSize: s.fontSize + 1 })}
          >
            A+<span className="visually-hidden">（字号增大）</span>
          </button>
        </div>
      </fieldset>
      <fieldset className="settings-row">
        <legend>亮度</legend>
        <div className="settings-options settings-slider">
          <input
            type="range"
            aria-label="亮度"
            min={BRIGHTNESS.min}
            max={BRIGHTNESS.max}
            step={5}
            value={s.brightness}
            onChange={(e) => s.set({ brightness: Number(e.target.value) })}
          />
          <output className="settings-value">{s.brightness}%</output>
        </div>
      </fieldset>
      <fieldset className="settings-row">
        <legend>背景</legend>
        <div className="settings-options">
          {SKINS.map((k) => (
            <button
              key={k}
              type="button"
              className={`swatch swatch-${k}`}
              aria-label={SKIN_LABELS[k]}
              aria-pressed={k === s.skin}
              onClick={() => s.set({ skin: k })}
            />
          ))}
        </div>
      </fieldset>
      {chips(
        '行距',
        LINE_HEIGHTS,
        (_k, i) => LINE_LABELS[i]!,
        s.lineHeight as (typeof LINE_HEIGHTS)[number],
        (lineHeight) => s.set({ lineHeight }),
      )}
      {chips(
        '边距',
        MARGINS,
        (_k, i) => MARGIN_LABELS[i]!,
        s.margin as (typeof MARGINS)[number],
        (margin) => s.set({ margin }),
      )}
      {fonts.length > 1
        ? chips(
            '字体',
            fonts,
            (k) => FONT_LABELS[k],
            font,
            (f) => s.set({ font: f }),
          )
        : null}
      {chips(
        '翻页',
        Object.keys(MODE_LABELS) as ReaderMode[],
        (k) => MODE_LABELS[k],
        s.reader,
        (reader) => s.set({ reader }),
      )}
      {s.reader === 'p'
        ? chips(
            '翻页动画',
            TURNS,
            (k) => TURN_LABELS[k],
            s.pageTurn,
            (pageTurn) => s.set({ pageTurn }),
          )
        : null}
      <button type="button" className="settings-done" onClick={onClose}>
        完成
      </button>
    </section>
  );
}
