/**
 * The console's reconciliation text (docs/reconciliation.md): the money pages' differences section, its form and
 * its errors. Only /admin pages, their form schemas and the console's services import it.
 */
/** Why a day's bill could not be fetched (lib/server/wallet/reconciliation/failure.ts gives the code). */
export const RECONCILIATION_FAILURES = [
  'unreachable',
  'http_error',
  'not_signed',
  'refused',
  'not_configured',
  'no_bill',
  'download_failed',
  'bad_file',
  'unknown',
] as const;
export type ReconciliationFailure = (typeof RECONCILIATION_FAILURES)[number];

export const RECONCILIATION_TEXT = {
  heading: '渠道对账差异',
  intro: '每天 10 点后下载各支付渠道前一天的账单，与我们的已支付和已退款订单逐笔比对。',
  none: '没有待处理的对账差异',
  runs: '最近的对账',
  runsEmpty: '还没有对账记录（未配置真实支付渠道时不对账）',
  run: (provider: string, day: string, status: string, bill: number, ours: number, diffs: number) =>
    `${provider} ${day}：${status}，账单 ${bill} 笔，我方 ${ours} 笔，差异 ${diffs} 项`,
  runFailed: (provider: string, day: string) => `${provider} ${day}：账单未能取得，将在下一小时重试。原因：`,
  status: { done: '已完成', failed: '失败，将在下一小时重试' } as Record<string, string>,
  /** One sentence per failure code: what went wrong and what staff can do about it. */
  failures: {
    unreachable: '连不上支付渠道的服务器（网络不通或超时），通常是暂时的，下一小时会自动重试。',
    http_error: '支付渠道的服务器返回了错误或无法识别的应答，可能是渠道临时故障，下一小时会自动重试。',
    not_signed: '支付渠道的应答签名校验失败，应答未被采信。请检查渠道公钥或平台证书是否已更换。',
    refused: '支付渠道拒绝了账单请求（业务错误），请检查商户号、应用号和接口权限等配置。',
    not_configured: '该支付渠道的配置不完整或密钥无法读取，无法请求账单，请检查服务器的渠道配置。',
    no_bill: '支付渠道没有给出当天账单的下载地址，可能账单尚未生成，下一小时会重试。',
    download_failed: '账单文件下载失败（下载地址失效或被拒绝），下一小时会重试。',
    bad_file: '账单文件无法读取或校验不符（文件损坏、缺少明细或哈希不一致），下一小时会重试，多次失败请联系渠道。',
    unknown: '下载或读取账单时出现未归类的错误，下一小时会重试；如持续失败，请将下方技术信息转给技术人员。',
  } satisfies Record<ReconciliationFailure, string>,
  failureDetail: (detail: string) => `技术信息：${detail}`,
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
