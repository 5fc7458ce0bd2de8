import 'server-only';

/**
 * User-facing text that only server code shows, in Chinese (README "Architecture in a few lines"): errors from
 * route handlers and lib/server, and titles rendered by server components.
 *
 * These live apart from MSG (lib/shared/messages.ts) to keep them out of the browser's first-load JS: MSG ships
 * whole with every /m page because client components import it. 'server-only' makes the build fail if a client
 * module ever imports this file; a string a client module needs goes back to MSG.
 */
export const SERVER_MSG = {
  // Route handlers and lib/server: HTTP, accounts, SMS codes, wallet and catalogue errors.
  notLoggedIn: '请先登录',
  paymentNeeded: '书币余额不足，请先充值',
  followNeeded: '请先关注公众号后继续阅读',
  wholeBookOnly: '本书仅支持全本购买',
  minorCapTransaction: (yuan: string) => `未成年人单笔充值不能超过${yuan}元`,
  minorCapMonthly: (yuan: string) => `未成年人本月充值已达上限（${yuan}元）`,
  productNotFound: '商品不存在',
  orderNotFound: '订单不存在',
  paymentSignatureBad: '签名校验失败',
  paymentAmountMismatch: '支付金额与订单不符',
  offShelf: '本书已下架',
  blocked: '当前账号受限，请先解除限制',
  notFound: '内容不存在',
  routeNotFound: '接口不存在',
  novelNotFound: '小说不存在',
  rankingNotFound: '榜单不存在',
  listNotFound: '书单不存在',
  pageNotFound: '页面不存在',
  authorNotFound: '作者不存在',
  promotionNotFound: '活动不存在',
  wholeBookNotSold: '本书不支持全本购买，请按章节购买',
  duplicatePurchase: '重复的购买请求',
  // Names the server fills in: the site in breadcrumbs, default nicknames, the listen tab's editors' lists.
  siteName: '书声',
  readerName: '书友',
  memberNickname: (id: number) => `书友${id}`,
  guestNickname: (id: number) => `游客${id}`,
  mustListenMale: '男生必听',
  mustListenFemale: '女生必听',
  conflict: '请求冲突，请稍后重试',
  inProgress: '请求正在处理中，请勿重复提交',
  alreadyDone: '该请求已处理，请重新操作',
  birthDateLocked: '出生日期已设置，如需更正请联系客服',
  rateLimited: '操作太频繁，请稍后再试',
  methodNotAllowed: '不支持的请求方式',
  bodyTooLarge: '请求内容过大',
  invalidJson: '请求内容格式不正确',
  invalidText: '请求内容包含无法识别的字符',
  invalidContentType: '请求内容类型不正确',
  sigMissing: '请求签名缺失或格式不正确，请刷新页面后重试',
  adminOnly: '无权访问',
  // Flow routes (docs/api.md "Flow routes"): their small error page and the order confirmation.
  flowErrorTitle: '出错了',
  backHome: '返回首页',
  oauthRequestInvalid: '授权请求无效',
  orderIdInvalid: '订单编号不正确',
  orderConfirmTitle: '确认下单',
  orderConfirmText: '即将前往支付页面，请确认是否继续。',
  orderConfirmButton: '确认并前往支付',
  orderConfirmCancel: '返回',
  // The sandbox checkout: an order's state (docs/wallet-orders.md), and why a closed one cannot be paid.
  orderStatus: { pending: '待支付', paid: '已支付', cancelled: '已取消', expired: '已过期', rejected: '未通过校验' } as Record<
    string,
    string
  >,
  orderStatusUnknown: '不可支付',
  orderClosedNote: {
    cancelled: '订单已取消，无法支付，请返回重新下单。',
    expired: '订单已超过30分钟未支付，已失效，请返回重新下单。',
    rejected: '订单未通过支付校验，已关闭；如已扣款将原路退回。',
  } as Record<string, string>,
  orderClosedDefault: '该订单当前无法支付，请返回重新下单。',
  orderBack: '返回',
  codeWrong: (left: number) => (left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取'),
  codeExpired: '验证码已过期或未发送，请重新获取',
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  smsPerMinute: '发送太频繁，请1分钟后再试',
  smsPerHour: '该手机号本小时获取验证码次数已达上限，请稍后再试',
  smsPerDay: '该手机号今日获取验证码次数已达上限，请明天再试',
  smsPerIp: '当前网络获取验证码过于频繁，请稍后再试',
  smsSendFailed: '短信发送失败，请稍后重试',
  crossSite: '请求来源不合法，请刷新页面后重试',
  alreadyBound: '当前账号已绑定手机号',
  oauthFailed: '第三方登录失败，请重试',
  oauthExpired: '登录已过期，请重新登录',
  oauthUnavailable: '暂不支持第三方登录',
  // Shelf and reading history.
  shelfTitle: '我的书架',
  historyTitle: '阅读记录',
  readTypeText: '文字',
  readTypeAudio: '听书',
  // The recharge bridge pages (issue 5): /m/guide, /m/miniapp and /recharge/start.
  guideTitle: '请在浏览器中打开',
  miniappTitle: '在小程序中继续充值',
  backToReading: '返回继续阅读',
  invalidBridgeUrl: '链接无效，请返回重试',
  // Listening (issue 7).
  noAudio: '暂无可收听的书',
  listenRanksTitle: '听书榜',
  audioLocked: '本章需购买后才能收听',
  audioForbidden: '音频链接无效或已过期，请重新进入播放页',
  audioBusy: '音频生成中，请稍后再试',
  // The not-found page (app/not-found.tsx, app/m/not-found.tsx).
  pageNotFoundTitle: '页面不存在',
  pageNotFoundBody: '链接可能有误，或内容已被删除。',
  goHome: '返回首页',
} as const;
