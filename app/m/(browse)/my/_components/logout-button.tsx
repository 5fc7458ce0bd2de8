'use client';

import { api } from '@/lib/client/api';
import { clearMember } from '@/lib/client/identity';
import { navigate } from '@/lib/client/navigate';

export function LogoutButton() {
  async function logout() {
    await api('/v1/logout', { method: 'POST' }).catch(() => undefined);
    clearMember();
    navigate.assign('/m');
  }
  return (
    <button type="button" className="button button-block" onClick={logout}>
      退出登录
    </button>
  );
}
