'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { agreeAgain, consentStatus, signOut } from '@/lib/client/actions/accounts';
import { setConsentDueHandler } from '@/lib/client/api';
import { hasMemberToken, memberId } from '@/lib/client/identity';
import { inOwnTask } from '@/lib/client/own-task';
import { toast } from '@/lib/client/stores/toast-store';
import { AGREEMENT_NAMES, agreementPath, versionsOf, type AgreementKind, type CurrentAgreements } from '@/lib/shared/agreements';
import { MSG } from '@/lib/shared/messages';
import { Dialog } from '../ui/dialog';

interface Status {
  due: AgreementKind[];
  agreements: CurrentAgreements;
}

/** How long an up-to-date answer is trusted in this tab before a full page load asks again (x-consent-due still tells sooner). */
const CHECKED_TTL_MS = 30 * 60_000;
const checkedKey = (id: string) => `consent-checked:${id}`;

// The documents themselves and the sign-in pages must stay readable under the sheet's reason for being.
const EXEMPT = /^\/m\/(agreements\/|login$|oauth$)/;

/**
 * The blocking sheet of docs/agreements.md "Agreeing again": a signed-in member who has not agreed to a version in
 * force is asked on their next /m page, and nothing else on the page can be used until they agree or sign out. The
 * server says so on every API answer (x-consent-due); a full page load also asks GET /v1/my/consent once per
 * CHECKED_TTL_MS, for a page that makes no call of its own.
 */
export function ConsentGate() {
  const pathname = usePathname() ?? '';
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);

  const check = useCallback(async () => {
    const id = memberId();
    try {
      const next: Status = await consentStatus();
      if (next.due.length) setStatus(next);
      else if (id) sessionStorage.setItem(checkedKey(id), String(Date.now()));
    } catch {
      // Signed out meanwhile or offline: nothing to ask now; the next answer's header will say.
    }
  }, []);

  useEffect(() => {
    // Every answer of a member who still owes consent carries the header: ask once, not once per call.
    let asked = false;
    setConsentDueHandler(() => {
      if (asked) return;
      asked = true;
      const id = memberId();
      if (id) sessionStorage.removeItem(checkedKey(id));
      void check().finally(() => {
        asked = false;
      });
    });
    // Not in the effect's own turn: the page's first session-storage read stalls while the browser loads the storage,
    // and every /m page runs this effect in hydration's task (docs/architecture.md "What a page runs at load").
    let live = true;
    inOwnTask(() => {
      if (!live) return;
      const id = memberId();
      const last = id ? Number(sessionStorage.getItem(checkedKey(id)) ?? 0) : 0;
      if (hasMemberToken() && Date.now() - last > CHECKED_TTL_MS) void check();
    });
    return () => {
      live = false;
      setConsentDueHandler(undefined);
    };
  }, [check]);

  if (!status?.due.length || EXEMPT.test(pathname)) return null;

  async function agree() {
    if (!status) return;
    setBusy(true);
    try {
      const next = await agreeAgain(versionsOf(status.agreements));
      const id = memberId();
      if (id) sessionStorage.setItem(checkedKey(id), String(Date.now()));
      setStatus(next.due.length ? next : null);
      toast(MSG.consentSaved, { length: 'short' });
    } catch {
      // The error catalogue showed why (a version published a moment ago: ask again with the new one).
      void check();
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    setBusy(true);
    await signOut();
    window.location.replace('/m');
  }

  return (
    <Dialog label="协议更新" onClose={() => undefined} centered className="consent-gate">
      <h2 className="dialog-title">协议更新</h2>
      <p className="dialog-body">
        我们更新了
        {status.due.map((kind) => (
          <Link key={kind} href={agreementPath(kind)} prefetch={false}>
            《{AGREEMENT_NAMES[kind]}》
          </Link>
        ))}
        ，请阅读并同意后继续使用。不同意将退出登录。
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={leave} disabled={busy}>
          不同意并退出
        </button>
        <button type="button" className="button button-primary" onClick={agree} disabled={busy}>
          同意并继续
        </button>
      </div>
    </Dialog>
  );
}
