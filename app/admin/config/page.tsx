import type { Metadata } from 'next';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { FLAG_FIELDS, FLAG_REFRESH_MS, MAX_RULES, type FlagField } from '@/lib/server/config/flag-editor';
import { loadFlags } from '@/lib/server/config/flags';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, type SearchParams } from '../_components/shell';

// The follow gate is edited on the members page (docs/members.md). Console links are plain anchors, as in the shell's
// navigation: full page loads, no client router.
const FOLLOW_GATE_PAGE = '/admin/members';

export const metadata: Metadata = { title: OPS_TEXT.config.heading };

const C = OPS_TEXT.config;
const back = '/admin/config';

function Field({ field, value }: { field: FlagField; value: string }) {
  const label = C.labels[field.name] ?? field.name;
  return (
    <form method="post" action="/admin/actions/config" className="filters" data-testid={`flag-${field.name}`}>
      <input type="hidden" name="key" value={field.name} />
      <input type="hidden" name="back" value={back} />
      <label>
        {label}
        {field.kind === 'bool' ? (
          <select name="value" defaultValue={value}>
            <option value="1">{C.on}</option>
            <option value="0">{C.off}</option>
          </select>
        ) : field.kind === 'number' ? (
          <input name="value" inputMode="decimal" defaultValue={value} required />
        ) : field.kind === 'text' ? (
          <input name="value" maxLength={64} defaultValue={value} />
        ) : (
          <textarea name="value" rows={Math.min(MAX_RULES, Math.max(3, value.split('\n').length + 1))} defaultValue={value} />
        )}
      </label>
      <button type="submit">{C.save}</button>
    </form>
  );
}

// /admin/config: the runtime flags, one form each, admins only (docs/config-flags.md).
export default async function ConfigPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('config');
  const flash = readFlash(await searchParams);
  // Straight from the database, not this process's cache: the page shows what is saved.
  const flags = await loadFlags();
  const groups = Object.keys(C.groups) as (keyof typeof C.groups)[];
  return (
    <ConsoleShell staff={staff} current="config" flash={flash}>
      <h1>{C.heading}</h1>
      <p className="meta">{C.intro(FLAG_REFRESH_MS / 1000)}</p>
      <p className="meta">
        <a href={FOLLOW_GATE_PAGE}>{C.followGateLink}</a>
      </p>
      {groups.map((g) => (
        <section key={g}>
          <h2>{C.groups[g]}</h2>
          {FLAG_FIELDS.filter((f) => f.group === g).map((f) => (
            <Field key={f.name} field={f} value={f.show(flags)} />
          ))}
        </section>
      ))}
    </ConsoleShell>
  );
}
