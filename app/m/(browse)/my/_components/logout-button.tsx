'use client';

import { signOut } from '@/lib/client/actions/accounts';
import { navigate } from '@/lib/client/navigate';

export function LogoutButton() {
  async function logout() {
    await signOut();
    navigate.assign('/m');
  }
  return (
    <button type="button" className="button button-block" onClick={logout}>
      退出登录
    </button>
  );
}
