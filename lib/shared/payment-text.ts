/**
 * Text of the payment providers' pages and refusals (docs/payments.md): the payment choice on the recharge page,
 * the /pay/{provider}/{id} pages, and the provider-related reasons of /orders/failed.
 */
export const PAY_TEXT = {
  providerLabel: { sandbox: '沙箱支付（测试）', wechat: '微信支付', alipay: '支付宝' } as Record<string, string>,
  choose: '选择支付方式',
  sandboxOnly: '当前仅接入测试支付环境（沙箱），不会产生真实扣款。',
  providerUnavailable: '当前环境无法使用所选支付方式，请换一种方式或在微信内登录后再试',
  providerFailed: '支付服务暂时不可用，请稍后重试',
  startingTitle: '正在调起支付',
  startingText: '请在弹出的支付窗口中完成支付。',
  bridgeMissing: '请在微信内打开本页面完成支付。',
  resultTitle: '支付结果',
  resultPending: '正在确认支付结果，请稍候刷新。',
  resultRefresh: '刷新支付结果',
  resultCancelled: '您已取消支付。',
  retry: '重新支付',
  back: '返回',
} as const;
