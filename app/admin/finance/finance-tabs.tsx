import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';

const R = MONEY_TEXT.report;

// The finance section's two pages (docs/console.md "Finance", "Money report"): revenue by novel, and the money report.
export function FinanceTabs({ current }: { current: 'revenue' | 'money' }) {
  return (
    <nav className="tabs" aria-label={CONSOLE_TEXT.nav.finance}>
      <a href="/admin/finance" aria-current={current === 'revenue' ? 'page' : undefined}>
        {R.tabRevenue}
      </a>
      <a href="/admin/finance/money" aria-current={current === 'money' ? 'page' : undefined}>
        {R.tabMoney}
      </a>
    </nav>
  );
}
