'use client';

import { useId, useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { submitReport } from '@/lib/client/community';
import { navigate } from '@/lib/client/navigate';
import { useReportReasons } from '@/lib/client/swr/use-report-reasons';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import { REPORT_TARGETS, type ReportTarget } from '@/lib/shared/dto/community';
import { MSG } from '@/lib/shared/messages';
import './community.css';

const CONTENT_MAX = 500;
const CONTACT_MAX = 64;

/**
 * The report form (docs/community.md "Reports"): what is reported (fixed when a comment's menu or a page
 * prefilled it, otherwise chosen with its id), a reason from /v1/reports/reasons, a description, an optional contact;
 * sent once, then the success page.
 */
export function ReportForm({ target }: { target: { type: ReportTarget; id: number } | null }) {
  const reasons = useReportReasons();
  const [type, setType] = useState<ReportTarget>(target?.type ?? 'novel');
  const [targetId, setTargetId] = useState(target ? String(target.id) : '');
  const [reason, setReason] = useState('');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function send(e: React.FormEvent) {
    e.preventDefault();
    const tid = Number(targetId);
    if (!/^\d{1,10}$/.test(targetId) || tid <= 0) return setError(MSG.invalidId);
    if (!reason) return setError(T.reportChooseReason);
    if (!content.trim()) return setError(T.reportContentRequired);
    setError('');
    setBusy(true);
    try {
      await submitReport({
        target_type: type,
        target_id: tid,
        reason,
        content: content.trim(),
        ...(contact.trim() ? { contact: contact.trim() } : {}),
      });
      navigate.assign('/m/report/success');
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiClientError)) throw err;
    }
  }

  return (
    <form className="community cm-report" onSubmit={send} noValidate aria-label={T.reportTitle}>
      {target ? (
        <p className="cm-field">
          {T.reportTarget}：{T.reportTargets[target.type]} #{target.id}
        </p>
      ) : (
        <div className="cm-field">
          <label htmlFor={`${id}-type`}>{T.reportTarget}</label>
          <div className="cm-page-actions">
            <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as ReportTarget)} style={{ flex: 1 }}>
              {REPORT_TARGETS.map((t) => (
                <option key={t} value={t}>
                  {T.reportTargets[t]}
                </option>
              ))}
            </select>
            <input
              aria-label={`${T.reportTargets[type]} ID`}
              inputMode="numeric"
              value={targetId}
              placeholder="ID"
              maxLength={10}
              onChange={(e) => setTargetId(e.target.value.replace(/\D/g, ''))}
              style={{ flex: 1 }}
            />
          </div>
        </div>
      )}
      <fieldset className="cm-field">
        <legend>{T.reportReason}</legend>
        {reasons.data ? (
          <div className="cm-reasons">
            {reasons.data.data.map((r) => (
              <label key={r.value}>
                <input type="radio" name="reason" value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
                {r.label}
              </label>
            ))}
          </div>
        ) : (
          <p className="cm-hint">{reasons.error ? MSG.loadFailed : MSG.loading}</p>
        )}
      </fieldset>
      <div className="cm-field">
        <label htmlFor={`${id}-content`}>{T.reportContent}</label>
        <textarea
          id={`${id}-content`}
          dir="auto"
          rows={5}
          maxLength={CONTENT_MAX}
          value={content}
          placeholder={T.reportContentPlaceholder}
          onChange={(e) => setContent(e.target.value)}
        />
        <span className="cm-count">{T.charCount([...content].length, CONTENT_MAX)}</span>
      </div>
      <div className="cm-field">
        <label htmlFor={`${id}-contact`}>{T.reportContact}</label>
        <input
          id={`${id}-contact`}
          maxLength={CONTACT_MAX}
          value={contact}
          placeholder={T.reportContactPlaceholder}
          onChange={(e) => setContact(e.target.value)}
        />
      </div>
      {error ? (
        <p className="cm-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {T.reportSubmit}
      </button>
    </form>
  );
}
