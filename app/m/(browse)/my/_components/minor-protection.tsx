'use client';

import { useState, type FormEvent } from 'react';
import { saveBirthDate as postBirthDate, saveGuardianConsent as postGuardianConsent } from '@/lib/client/actions/accounts';
import { toast } from '@/lib/client/stores/toast-store';

/** docs/accounts.md "Minors": a member may declare a birth date; under 18, paid actions need a guardian's recorded consent. */
export function MinorProtection({ birthDate, isMinor, consented }: { birthDate: string | null; isMinor: boolean; consented: boolean }) {
  const [state, setState] = useState({ birthDate, isMinor, consented });
  const [form, setForm] = useState({ birth_date: '', guardian_name: '', guardian_phone: '', relation: 'mother' });

  async function saveBirthDate(e: FormEvent) {
    e.preventDefault();
    const r = await postBirthDate(form.birth_date).catch(() => null);
    if (r) setState((s) => ({ ...s, birthDate: r.birth_date, isMinor: r.is_minor }));
  }
  async function saveConsent(e: FormEvent) {
    e.preventDefault();
    const ok = await postGuardianConsent({
      guardian_name: form.guardian_name,
      guardian_phone: form.guardian_phone,
      relation: form.relation,
    }).then(
      () => true,
      () => false,
    );
    if (ok) {
      setState((s) => ({ ...s, consented: true }));
      toast('已记录监护人同意');
    }
  }

  if (!state.birthDate) {
    return (
      <form className="form card" onSubmit={saveBirthDate}>
        <h2 className="card-title">未成年人保护</h2>
        <label className="field">
          <span>出生日期</span>
          <input type="date" required value={form.birth_date} onChange={(e) => setForm({ ...form, birth_date: e.target.value })} />
        </label>
        <button type="submit" className="button button-block">
          保存
        </button>
      </form>
    );
  }
  if (!state.isMinor) return null;
  if (state.consented) return <p className="card muted small">未成年人账号：已记录监护人同意，可进行付费操作。</p>;
  return (
    <form className="form card" onSubmit={saveConsent}>
      <h2 className="card-title">监护人同意</h2>
      <p className="muted small">未满18周岁，充值、购买、打赏等付费操作需要监护人同意。</p>
      <label className="field">
        <span>监护人姓名</span>
        <input required maxLength={32} value={form.guardian_name} onChange={(e) => setForm({ ...form, guardian_name: e.target.value })} />
      </label>
      <label className="field">
        <span>监护人手机号</span>
        <input
          type="tel"
          inputMode="numeric"
          maxLength={11}
          required
          value={form.guardian_phone}
          onChange={(e) => setForm({ ...form, guardian_phone: e.target.value.replace(/\D/g, '') })}
        />
      </label>
      <label className="field">
        <span>关系</span>
        <select value={form.relation} onChange={(e) => setForm({ ...form, relation: e.target.value })}>
          <option value="mother">母亲</option>
          <option value="father">父亲</option>
          <option value="guardian">其他监护人</option>
        </select>
      </label>
      <button type="submit" className="button button-primary button-block">
        监护人同意
      </button>
    </form>
  );
}
