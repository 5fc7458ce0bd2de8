/** POST /v1/mp/js_sdk_config: the fields of wx.config (docs/sharing.md "Signature"). */
export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

/** The JS-SDK calls the share code may ask to be signed for: the two share calls, their older forms, and nothing else. */
export const SHARE_JS_APIS = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
] as const;
export type ShareJsApi = (typeof SHARE_JS_APIS)[number];

/** What a page shares (docs/sharing.md "Payloads"): the link carries the sharer's referral id; imgUrl is the square PNG. */
export interface SharePayload {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}
