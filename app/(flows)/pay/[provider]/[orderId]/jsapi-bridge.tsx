'use client';
import { useEffect, useState } from 'react';
import { usePendingNavigation } from '@/components/ui/use-pending-navigation';
import { PAY_TEXT } from '@/lib/shared/payment-text';

type BridgeResult = { err_msg?: string };
interface WeixinBridge {
  invoke(api: 'getBrandWCPayRequest', params: Record<string, string>, cb: (res: BridgeResult) => void): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

/**
 * The messaging app's in-page payment (docs/payments.md "The pay page"): the server-signed parameters go to
 * `getBrandWCPayRequest` once the app's bridge is ready. Whatever the app answers, the result page decides from
 * the provider's own record: the callback only says where to go next, never that the order is paid.
 */
export function JsapiBridge({
  params,
  resultUrl,
  cancelAction,
}: {
  params: Record<string, string>;
  resultUrl: string;
  cancelAction: string;
}) {
  const { navigation, bar } = usePendingNavigation();
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let done = false;
    const invoke = () => {
      if (done || !window.WeixinJSBridge) return;
      done = true;
      window.WeixinJSBridge.invoke('getBrandWCPayRequest', params, (res) => {
        const msg = res?.err_msg ?? '';
        if (msg.endsWith(':cancel')) navigation.replace(`${resultUrl}?cancelled=1`);
        else if (msg.endsWith(':ok')) navigation.replace(resultUrl);
        else {
          done = false;
          setFailed(true);
        }
      });
    };
    if (window.WeixinJSBridge) invoke();
    else document.addEventListener('WeixinJSBridgeReady', invoke);
    // Outside the app the bridge never comes: say so rather than wait silently.
    const timer = window.setTimeout(() => setMissing(!window.WeixinJSBridge), 3000);
    return () => {
      document.removeEventListener('WeixinJSBridgeReady', invoke);
      window.clearTimeout(timer);
    };
  }, [params, resultUrl, navigation]);

  return (
    <main className="shell">
      {bar}
      <div className="page">
        <h1 className="page-title">{PAY_TEXT.startingTitle}</h1>
        <p className="muted" data-testid="jsapi-status">
          {missing ? PAY_TEXT.bridgeMissing : failed ? PAY_TEXT.providerFailed : PAY_TEXT.startingText}
        </p>
        <div className="dialog-actions">
          <form method="post" action={cancelAction}>
            <button type="submit" className="button button-block">
              取消支付
            </button>
          </form>
          <a className="button button-primary button-block" href={resultUrl}>
            {PAY_TEXT.resultRefresh}
          </a>
        </div>
      </div>
    </main>
  );
}
