import type { JsSdkConfig, SharePayload, ShareJsApi } from '@/lib/shared/dto/sharing';
import { SHARE_JS_APIS } from '@/lib/shared/dto/sharing';
import { detectUa } from '@/lib/shared/ua';
import { api } from './api';

/** The messaging app's JS-SDK, the one script we load from another host (docs/web-security.md "The Content-Security-Policy"). */
export const WX_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

interface ShareCall {
  title: string;
  link: string;
  imgUrl: string;
  desc?: string;
  success?: () => void;
}

/** The part of the SDK we use. */
export interface WxSdk {
  config(cfg: JsSdkConfig & { debug: boolean }): void;
  ready(fn: () => void): void;
  error(fn: (res: unknown) => void): void;
  updateAppMessageShareData?(p: ShareCall): void;
  updateTimelineShareData?(p: ShareCall): void;
  onMenuShareAppMessage?(p: ShareCall): void;
  onMenuShareTimeline?(p: ShareCall): void;
}

declare global {
  interface Window {
    wx?: WxSdk;
  }
}

/** docs/sharing.md "Loading the SDK": only with the wxshare flag at 1, and only inside the messaging app. */
export function wantsWxSdk(wxshare: number, userAgent: string): boolean {
  return wxshare === 1 && detectUa(userAgent).wechat;
}

let sdk: Promise<WxSdk> | undefined;

/** Adds the SDK's script once; resolves with `window.wx`. A failed load is forgotten so a later page may retry. */
export function loadWxSdk(): Promise<WxSdk> {
  if (window.wx) return Promise.resolve(window.wx);
  sdk ??= new Promise<WxSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WX_SDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('wx missing')));
    script.onerror = () => reject(new Error('wx sdk failed to load'));
    document.head.appendChild(script);
  });
  sdk.catch(() => (sdk = undefined));
  return sdk;
}

/**
 * Signs this page (its address without the hash) and hands `payload` to the SDK's share calls once it is ready:
 * the chat and timeline cards, and the older onMenuShare* calls where the SDK still has them.
 */
export async function applyWxShare(payload: SharePayload, onShared?: () => void): Promise<void> {
  const wx = await loadWxSdk();
  const apis: ShareJsApi[] = SHARE_JS_APIS.filter((name) => typeof wx[name] === 'function');
  const cfg = await api<JsSdkConfig>('/v1/mp/js_sdk_config', {
    method: 'POST',
    body: { url: window.location.href.split('#')[0], apis: apis.length ? apis : [...SHARE_JS_APIS] },
    silent: true,
  });
  wx.config({ debug: false, ...cfg });
  wx.ready(() => {
    const chat = { title: payload.title, desc: payload.desc, link: payload.link, imgUrl: payload.imgUrl };
    const timeline = { title: payload.title, link: payload.link, imgUrl: payload.imgUrl };
    // The update* calls succeed when the card is set, not when it is sent: only the older calls' success is a share.
    wx.updateAppMessageShareData?.(chat);
    wx.updateTimelineShareData?.(timeline);
    wx.onMenuShareAppMessage?.({ ...chat, success: onShared });
    wx.onMenuShareTimeline?.({ ...timeline, success: onShared });
  });
  // A config the messaging app refuses (a domain not registered for the JS-SDK) leaves its own default share card.
  wx.error(() => undefined);
}
