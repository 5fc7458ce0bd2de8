import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getProfile } from '@/lib/server/accounts/profile';
import { loginDestination } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { paymentAvailability } from '@/lib/shared/payment-availability';
import { rechargeStartUrl } from '@/lib/shared/recharge';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { GuardScreen } from '@/components/account/guard-screen';
import { LanguageSwitch } from './_components/language-switch';
import { LogoutButton } from './_components/logout-button';
import { BindPhone } from './_components/bind-phone';
import { MinorProtection } from './_components/minor-protection';
import { MinorsModeCard } from '@/components/minors/minors-mode-card';
import { minorsStatus } from '@/lib/server/minors/usage';
import { RechargeEntry } from '@/components/wallet/recharge-entry';
import { ModalButton } from '@/components/wallet/modal-button';
import { UnreadBadge } from '@/components/community/unread-badge';
import { ShortDramaCard } from '@/components/games/short-drama-card';
import { GamesSetting } from '@/components/games/games-setting';
import { listProducts } from '@/lib/server/wallet/products';
import { MyIcon, type MyIconName } from './_components/my-icon';
import { PersonalizedSetting } from './_components/personalized-setting';
import { privacySettings } from '@/lib/server/accounts/privacy-settings';
import { getDb } from '@/lib/server/db/client';
import { AGREEMENT_NAMES, agreementPath } from '@/lib/shared/agreements';

export const metadata: Metadata = { title: '我的', robots: { index: false } };

/** 我的's rows in the four groups the big apps use (docs/shell.md "我的"): each a link with its icon. */
type Row = [href: string, label: string, icon: MyIconName];
const ASSETS: Row[] = [
  ['/m/coins', '充值记录', 'coins'],
  ['/m/expenses', '消费记录', 'receipt'],
  ['/m/vouchers', '我的书券', 'ticket'],
  ['/m/mall/vouchers-inline', '我的优惠券', 'coupon'],
  ['/m/vip', 'VIP会员', 'crown'],
];
const READING: Row[] = [
  ['/m/shelf', '我的书架', 'shelf'],
  ['/m/readlogs', '阅读记录', 'clock'],
];
const ACTIVITY: Row[] = [
  ['/m/events', '活动中心', 'flag'],
  ['/m/mall/coupons', '领券中心', 'gift'],
  ['/m/mall/prizes', '我的奖品', 'gift'],
  ['/m/gamelogs', '抽奖记录', 'wheel'],
];
const HELP: Row[] = [
  ['/m/report', '举报反馈', 'report'],
  ['/m/questions', '常见问题', 'help'],
  // docs/agreements.md "Pages": the documents in force, linked from 我的 as from sign-in and the footer.
  [agreementPath('user'), AGREEMENT_NAMES.user, 'document'],
  [agreementPath('privacy'), AGREEMENT_NAMES.privacy, 'document'],
];

const SETTINGS: Row[] = [['/m/my/settings', '设置', 'settings']];

const rows = (list: Row[]) =>
  list.map(([href, label, icon]) => (
    <li key={href}>
      <Link href={href}>
        <MyIcon name={icon} />
        {label}
      </Link>
    </li>
  ));

function Group({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="my-group" aria-labelledby={id}>
      <h2 className="my-group-title" id={id}>
        {title}
      </h2>
      <ul className="link-list my-list">{children}</ul>
    </section>
  );
}

export default async function MyPage() {
  await connection();
  const member = await currentMember();
  const ua = detectUa((await headers()).get('user-agent'));
  if (!member) {
    return <GuardScreen loginUrl={loginDestination('/m/my', ua.wechat || ua.socialApp || ua.shortVideo)} />;
  }
  const [p, dramas, minors, privacy] = await Promise.all([
    getProfile(member.id, ['phone', 'birth_date', 'guardian', 'short_drama']),
    listProducts('short_drama'),
    minorsStatus(member.id),
    privacySettings(getDb(), member.id),
  ]);
  // The iOS messaging app may hide every way to recharge (docs/shell.md "Payment availability and recharge doors"); the guard's cached flags decide, no query.
  const { showRechargeNav } = paymentAvailability(ua, cachedFlags());
  return (
    <div className="page">
      <section className="profile-card" aria-label="账号">
        <img src={p.headimgurl} alt="" width={64} height={64} className="avatar" />
        <div>
          <h1 className="profile-name">{p.nickname}</h1>
          <p className="muted small">
            ID {p.member_id}
            {p.phone ? ` · ${p.phone}` : p.is_guest ? ' · 游客' : ''}
          </p>
        </div>
      </section>

      <section className="wallet-row" aria-label="余额">
        <Link href="/m/coins" className="wallet-cell">
          <strong data-testid="welth">{p.welth}</strong>
          <span>书币</span>
        </Link>
        <Link href="/m/vouchers" className="wallet-cell">
          <strong data-testid="welth-coupon">{p.welth_coupon}</strong>
          <span>书券</span>
        </Link>
        {/* Vote tickets: the live balance (docs/gifts-votes-pages.md "Vote modal"), earned by spending, cast on a novel's page. */}
        <div className="wallet-cell">
          <strong data-testid="tickets">{p.tickets}</strong>
          <span>月票</span>
        </div>
        <Link href="/m/vip" className="wallet-cell">
          <strong>{p.is_paid ? 'VIP' : '未开通'}</strong>
          <span>{p.is_paid && p.vip_expires_at ? `${p.vip_expires_at.slice(0, 10)} 到期` : '开通VIP'}</span>
        </Link>
      </section>
      {/* No recharge door in 青少年模式 (docs/minors-mode.md "No paying"); the server refuses anyway. */}
      {showRechargeNav && !minors.on ? (
        <RechargeEntry href={rechargeStartUrl('/m/my')} className="button button-primary button-block my-recharge">
          充值书币
        </RechargeEntry>
      ) : null}

      {/* The short-drama VIP card with its expiry when active (docs/games.md "Short-drama VIP card"). */}
      {dramas[0] ? (
        <ShortDramaCard plan={dramas[0]} expiresAt={p.short_drama_vip?.active ? p.short_drama_vip.expires_at : null} returnPath="/m/my" />
      ) : null}

      <nav aria-label="我的服务">
        <Group id="my-assets" title="我的资产">
          {rows(ASSETS)}
        </Group>
        <Group id="my-reading" title="阅读">
          {rows(READING)}
          <li>
            {/* The unread count arrives after hydration inside the row's fixed height (docs/community.md "Messages"). */}
            <Link href="/m/messages">
              <MyIcon name="message" />
              消息
              <UnreadBadge />
            </Link>
          </li>
        </Group>
        <Group id="my-activity" title="活动福利">
          <li>
            {/* The check-in stats modal (docs/activity-pages.md "Check-in stats modal"): the week, today's reward, 签到. */}
            <ModalButton modal="checkin-stats" props={{}} className="link-list-button">
              <MyIcon name="check" />
              签到
            </ModalButton>
          </li>
          {rows(ACTIVITY)}
        </Group>
        <Group id="my-settings" title="设置与帮助">
          {/* A paid member closes or reopens game recommendations (docs/games.md "Closing game recommendations"). */}
          {p.is_paid ? (
            <li>
              <GamesSetting initialHidden={p.hide_games} icon={<MyIcon name="game" />} />
            </li>
          ) : null}
          <li>
            {/* 个性化推荐 (docs/agreements.md "Personalised recommendations"): honoured by the server, not only hidden here. */}
            <PersonalizedSetting initial={privacy.personalized} icon={<MyIcon name="shield" />} />
          </li>
          <li>
            <ModalButton modal="user-subscribe" props={{}} className="link-list-button">
              <MyIcon name="follow" />
              关注公众号
            </ModalButton>
          </li>
          {rows(HELP)}
          {rows(SETTINGS)}
        </Group>
      </nav>

      <section className="card" aria-labelledby="lang-title">
        <h2 className="card-title" id="lang-title">
          内容语言
        </h2>
        <LanguageSwitch current={p.language_type} />
      </section>

      {p.phone ? null : <BindPhone />}
      <MinorsModeCard initial={minors} />
      <MinorProtection birthDate={p.birth_date ?? null} isMinor={p.is_minor ?? false} consented={p.guardian_consent ?? false} />
      <LogoutButton />
    </div>
  );
}
