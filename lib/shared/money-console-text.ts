/**
 * The console's members-and-money text (docs/wallet.md "Refunds", docs/members.md "Member page", docs/dashboard.md).
 * Only /admin pages, their form schemas and the console's services import it.
 */
export const MONEY_TEXT = {
  errors: {
    reasonRequired: '请填写退款原因',
    reasonTooLong: '原因不能超过 200 个字符',
    orderMissing: '订单不存在',
    notPaid: '只有已支付的订单可以退款',
    alreadyRefunded: '该订单已退款',
    nonRefundable: '充值与 VIP 按规定不退款；如确需退款，请勾选“特批退款”并写明原因',
    coinsSpent: (credited: number, balance: number) => `该订单充值的 ${credited} 书币已被使用（当前余额 ${balance}），不能退款`,
    vouchersSpent: (spent: number) => `该订单赠送的书券已使用 ${spent} 张，不能退款`,
    exceptionMissing: '待退款记录不存在',
    exceptionDone: '该笔款项已退回',
    sessionMissing: '会话不存在或已失效',
    memberMissing: '会员不存在',
    badDate: '日期格式应为 YYYY-MM-DD',
    providerFailed: '支付渠道退款失败，请稍后再试',
  },
  done: {
    refund: (yuan: string) => `已退款 ${yuan} 元`,
    exceptionRefund: '已退回该笔款项',
    sessionRevoke: '已下线该会话',
    auditRun: (n: number) => (n === 0 ? '账本核对通过' : `账本核对发现 ${n} 项异常`),
  },
  /** Ledger kinds as the console lists them. */
  kinds: {
    recharge: '充值',
    recharge_bonus: '充值赠送',
    recharge_extra: '充值加赠',
    refund: '退款',
    chapter_purchase: '章节购买',
    book_purchase: '全本购买',
    tip: '打赏',
    vote: '投票',
    expiry: '书券过期',
    checkin: '签到',
    mission: '任务',
    prize: '抽奖',
    merge: '账号合并',
  } as Record<string, string>,
  orderStatus: {
    pending: '待支付',
    paid: '已支付',
    refunded: '已退款',
    cancelled: '已取消',
    expired: '已过期',
    rejected: '已拒绝',
  } as Record<string, string>,
  productTypes: {
    recharge: '充值',
    vip: 'VIP',
    short_drama: '短剧卡',
    ad_removal: '去广告',
    whole_book: '全本',
  } as Record<string, string>,
  exceptionReasons: {
    order_cancelled: '取消后付款',
    order_expired: '过期后付款',
    order_rejected: '已拒绝订单付款',
    minor_cap: '未成年人限额',
    minor_consent: '缺少监护人同意',
    minor_no_pay: '未成年人不可付费',
    coupon: '优惠券失效',
    quota: '限量已售罄',
  } as Record<string, string>,
} as const;
