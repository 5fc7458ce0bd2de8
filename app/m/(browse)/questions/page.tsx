import type { Metadata } from 'next';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '常见问题', description: '书币、书券、VIP、听书与账号的常见问题解答。' };

const faq: Array<[string, string]> = [
  [
    '书币和书券有什么区别？',
    '书币通过充值获得，长期有效；书券是赠送的奖励货币，有效期 7 天。购买章节时优先使用即将过期的书券，书券不足时再扣书币。',
  ],
  ['充值后可以退款吗？', '充值的书币和开通的 VIP 属于虚拟商品，一经购买不支持退款，请在支付前确认。'],
  ['VIP 有哪些权益？', 'VIP 期间可免费阅读标注“VIP 免费”的作品，免广告，并可关闭游戏推荐；多次开通的时长会顺延叠加。'],
  ['怎样听书？', '在作品详情页点击“听书”即可收听，离开听书页后底部的迷你播放器会继续播放。藏文作品暂不支持听书。'],
  ['未成年人可以充值吗？', '未满 18 周岁的用户进行付费操作前，需要监护人同意。'],
  ['每日签到怎么算？', '连续签到 7 天为一个周期，中断一天后从第一天重新开始；每天 0 点刷新。'],
  ['长评奖励怎么领取？', '长评需不少于 1500 字，审核通过后可领取至少 500 书券的奖励；未通过的长评可修改后重新提交。'],
];

/** A static page: prerendered at build time (the bench's baseline for a page of this app). */
export default function QuestionsPage() {
  return (
    <div className="page">
      <PageBar title="常见问题" parent="/m/my" />
      <dl className="faq">
        {faq.map(([q, a]) => (
          <div key={q} className="faq-item">
            <dt>{q}</dt>
            <dd>{a}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
