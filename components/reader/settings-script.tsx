import { BRIGHTNESS, DEFAULT_SETTINGS, SETTINGS_KEY } from '@/lib/client/reader/settings-store';

/**
 * Runs before the chapter paints: reads the persisted reader settings and puts them on <html>, so a night skin or
 * a larger font is there from the first frame — no flash of the default look and no layout shift when React loads.
 */
export function SettingsScript() {
  const code = `(function(){try{var d=${JSON.stringify(DEFAULT_SETTINGS)};var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_KEY)})||'{}').state||{};var r=document.documentElement;r.dataset.font=s.font||d.font;r.dataset.skin=s.skin||d.skin;r.dataset.reader=s.reader||d.reader;r.style.setProperty('--reader-font-size',(s.fontSize||d.fontSize)+'px');r.style.setProperty('--reader-line-height',String(s.lineHeight||d.lineHeight));r.style.setProperty('--reader-margin',(s.margin||d.margin)+'px');var b=Math.min(${BRIGHTNESS.max},Math.max(${BRIGHTNESS.min},s.brightness||d.brightness));r.style.setProperty('--reader-dim',String(Math.round((${BRIGHTNESS.max}-b))/100));}catch(e){}})();`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
