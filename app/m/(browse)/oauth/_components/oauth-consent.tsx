'use client';

import { useState } from 'react';
import { AgreementCheckbox } from '@/components/account/agreement-checkbox';
import { toast } from '@/lib/client/stores/toast-store';
import { oauthStartPath, type AgreedVersions } from '@/lib/shared/agreements';
import { MSG } from '@/lib/shared/messages';

/**
 * The messaging app's forced sign-in (docs/agreements.md "Agreeing at sign-in"): the reader ticks the agreements and
 * then leaves for the provider; /oauth/start checks the versions again and sends anyone without them back here.
 */
export function OAuthConsent({ next, versions }: { next: string; versions: AgreedVersions }) {
  const [agreed, setAgreed] = useState(false);
  const go = () => {
    if (!agreed) {
      toast(MSG.consentRequired, { length: 'short' });
      return;
    }
    window.location.assign(oauthStartPath(next, versions));
  };
  return (
    <div className="oauth-consent">
      <AgreementCheckbox id="oauth-agree" checked={agreed} onChange={setAgreed} />
      <button type="button" className="button button-primary button-block" onClick={go}>
        同意并登录
      </button>
    </div>
  );
}
