/** The provider's name on the recharge page's payment choice. */
export const ALIPAY_LABEL = '支付宝';

/**
 * The column names and business types of Alipay's trade bill ("业务明细" CSV), matched against the file, never shown
 * (docs/payments-alipay.md "Bill"). Kept here because server code carries no inline Chinese.
 */
export const ALIPAY_BILL = {
  columns: {
    tradeNo: '支付宝交易号',
    outTradeNo: '商户订单号',
    kind: '业务类型',
    amount: '订单金额（元）',
    refundRequestNo: '退款批次号/请求号',
  },
  kinds: { paid: '交易', refund: '退款' },
} as const;
