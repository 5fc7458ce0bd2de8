'use client';

import { useState } from 'react';
import { savePersonalized } from '@/lib/client/actions/accounts';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/**
 * 我的 → 设置与帮助: 个性化推荐 on or off (docs/agreements.md "Personalised recommendations"). The answer is the stored
 * switch, so what the row shows is what the server will honour.
 */
export function PersonalizedSetting({ initial, icon }: { initial: boolean; icon?: React.ReactNode }) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const flip = () => {
    setBusy(true);
    savePersonalized(!on).then(
      (r) => {
        setOn(r.personalized);
        setBusy(false);
        toast(r.personalized ? MSG.personalizedOn : MSG.personalizedOff, { length: 'short' });
      },
      () => setBusy(false),
    );
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="link-list-button"
      disabled={busy}
      onClick={flip}
      data-testid="personalized-setting"
    >
      {icon}
      个性化推荐
      <span className="muted small"> · {on ? '已开启' : '已关闭'}</span>
    </button>
  );
}
