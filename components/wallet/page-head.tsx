import { PageBar } from '@/components/shell/page-bar';

/** Title bar of a wallet page; without an earlier page back goes to 我的, where these pages are reached from. */
export function PageHead({ title, action }: { title: string; action?: React.ReactNode }) {
  return <PageBar title={title} parent="/m/my" action={action} />;
}

/** The recharge entry, coming back to `returnPath` after paying. */
export function rechargeUrl(returnPath: string): string {
  return `/recharge/start?return=${encodeURIComponent(returnPath)}`;
}
