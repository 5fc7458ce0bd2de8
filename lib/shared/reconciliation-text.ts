/**
 * The console's reconciliation text (docs/reconciliation.md): the money pages' differences section, its form and
 * its errors. Only /admin pages, their form schemas and the console's services import it.
 */
export const RECONCILIATION_TEXT = {
  heading: '渠道对账差异',
  intro: '每天 10 点后下载各支付渠道前一天的账单，与我们的已支付和已退款订单逐笔比对。',
  none: '没有待处理的对账差异',
  runs: '最近的对账',
  runsEmpty: '还没有对账记录（未配置真实支付渠道时不对账）',
  run: (provider: string, day: string, status: string, bill: number, ours: number, diffs: number) =>
    `${provider} ${day}：${status}，账单 ${bill} 笔，我方 ${ours} 笔，差异 ${diffs} 项`,
  status: { done: '已完成', failed: '失败，将在下一小时重试' } as Record<string, string>,
  issues: {
    missing_ours: '渠道有、我方没有',
    missing_theirs: '我方有、渠道没有',
    amount_differs: '金额不一致',
  } as Record<string, string>,
  kinds: { paid: '付款', refund: '退款' } as Record<string, string>,
  ours: '我方',
  theirs: '渠道',
  note: '处理说明',
  resolve: '标记已处理',
  resolved: '已标记为已处理',
  errors: {
    noteRequired: '请填写处理说明',
    noteTooLong: '说明不能超过 200 个字符',
    missing: '对账差异不存在',
    done: '该差异已处理',
  },
} as const;
