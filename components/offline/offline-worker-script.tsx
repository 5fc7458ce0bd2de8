import { COOKIE } from '@/lib/shared/cookies';

/**
 * Registers the service worker (public/sw.js, docs/offline.md) once the page has loaded, tells it which member
 * the readable member cookie names (a worker cannot read cookies), and asks it to re-check the downloads with
 * the server when the browser comes back online (at once) and at page loads (at most every 10 minutes). An inline script: the /m pages' first-load JavaScript budget
 * (docs/operations.md "First-load JavaScript") has no room for another chunk, and inline scripts are part of the
 * document. Production only: in development Next's assets change under the same names.
 */
export function OfflineWorkerScript() {
  if (process.env.NODE_ENV !== 'production') return null;
  const code = `(function(){var n=navigator.serviceWorker;if(!n)return;function id(){var c=document.cookie.match(/(?:^|; )${COOKIE.memberId}=(\\d+)/);return c?Number(c[1]):null}function say(t,f){n.ready.then(function(r){r.active&&r.active.postMessage({type:t,id:id(),force:!!f})})}function reg(){n.register('/sw.js',{scope:'/'}).then(function(){say('member');if(navigator.onLine)say('recheck')},function(){})}if(document.readyState==='complete')reg();else addEventListener('load',reg,{once:true});addEventListener('online',function(){say('recheck',1)})})();`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
