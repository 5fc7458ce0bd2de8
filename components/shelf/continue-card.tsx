import { COOKIE } from '@/lib/shared/cookies';
import { LOCAL_HISTORY_KEY } from '@/lib/client/local-history-key';
import { ContinueCardIsland } from './continue-card-island';
import { CONTINUE_SEEN_KEY, CONTINUE_SLOT_HEIGHT } from './continue-card-slot';

/**
 * Home's 继续阅读 card, under the banner (docs/reading.md "Home's 继续阅读"). Home is one cached page per
 * channel and language, the same for everyone, so the card is a client island filled after hydration. Its space
 * is decided before the first paint by this inline script, from what the browser already knows: reading history
 * kept locally (a guest), or a member whose card showed here before. Only then is the slot given its height, so
 * a first visit's home has no slot at all and nothing moves when the card arrives. The style goes into <head>,
 * which React leaves alone when it hydrates (an attribute on a rendered element would be a hydration mismatch).
 * While the stylesheet is still on its way the script holds the HTML parser, so on a slow network the first paint
 * shows the page down to here: hence under the banner, home's largest paint, not above it.
 */
export function ContinueCard() {
  const code = `try{var l=localStorage;if(l.getItem(${JSON.stringify(LOCAL_HISTORY_KEY)})||(l.getItem(${JSON.stringify(CONTINUE_SEEN_KEY)})&&/(?:^|; )${COOKIE.memberId}=\\d/.test(document.cookie))){var s=document.createElement('style');s.textContent='.continue-slot{height:${CONTINUE_SLOT_HEIGHT}px}';document.head.appendChild(s)}}catch(e){}`;
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: code }} />
      <div className="continue-slot">
        <ContinueCardIsland />
      </div>
    </>
  );
}
