'use client';

import type { FormEvent } from 'react';
import { AgreementCheckbox } from '@/components/account/agreement-checkbox';
import { toast } from '@/lib/client/stores/toast-store';
import type { AgreedVersions } from '@/lib/shared/agreements';
import { MSG } from '@/lib/shared/messages';

/**
 * The messaging app's forced sign-in (docs/agreements.md "Agreeing at sign-in"): the reader ticks the agreements and
 * then leaves for the provider; /oauth/start checks the versions again and sends anyone without them back here.
 *
 * A plain GET form to /oauth/start, so a tap before the page's script has run (a cheap phone in the messaging app)
 * already works: the browser will not submit it unticked. Once hydrated, an unticked tap shows our toast instead of the
 * browser's bubble.
 */
export function OAuthConsent({ next, versions }: { next: string; versions: AgreedVersions }) {
  const refuse = (e: FormEvent<HTMLInputElement>) => {
    e.preventDefault();
    toast(MSG.consentRequired, { length: 'short' });
  };
  return (
    <form className="oauth-consent" action="/oauth/start" method="get">
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="agree_user" value={versions.user} />
      <input type="hidden" name="agree_privacy" value={versions.privacy} />
      <AgreementCheckbox id="oauth-agree" required onInvalid={refuse} />
      <button type="submit" className="button button-primary button-block">
        同意并登录
      </button>
    </form>
  );
}
