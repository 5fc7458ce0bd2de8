import { IntentLink as Link } from '@/components/ui/intent-link';
import { registrationNumbers } from '@/lib/server/config/registration';
import { AGREEMENT_KINDS, AGREEMENT_NAMES, agreementPath } from '@/lib/shared/agreements';

/** The national registration lookup an ICP number links to, as the filing rules ask. */
const ICP_LOOKUP = 'https://beian.miit.gov.cn/';

/**
 * The footer of public pages (docs/agreements.md "Registration numbers"): the two agreements, then the operator's ICP
 * 备案号 and 网络出版服务许可证 when configured — nothing at all for a number that is not set. A server component: the
 * numbers come from the config cache, so a cached page shows a change when it is next rendered.
 */
export function SiteFooter() {
  const { icp, publishingLicence } = registrationNumbers();
  return (
    <footer className="site-footer">
      <nav aria-label="协议" className="site-footer-links">
        {AGREEMENT_KINDS.map((kind) => (
          <Link key={kind} href={agreementPath(kind)} prefetch={false}>
            {AGREEMENT_NAMES[kind]}
          </Link>
        ))}
      </nav>
      {icp ? (
        <a className="site-footer-number" href={ICP_LOOKUP} target="_blank" rel="noopener noreferrer">
          {icp}
        </a>
      ) : null}
      {publishingLicence ? <p className="site-footer-number">网络出版服务许可证：{publishingLicence}</p> : null}
    </footer>
  );
}
