import type { CancellationState, DataExportState } from '@/lib/shared/dto/cancellation';
import { api } from '../api';
import { clearMember } from '../identity';

/**
 * Account cancellation and the data download (docs/account-cancellation.md "API"): each write goes through api(),
 * so it carries x-sig and the error catalogue shows a refusal.
 */

/** POST /v1/my/cancellation/code: the confirming code to the member's own phone. */
export const sendCancellationCode = () => api('/v1/my/cancellation/code', { method: 'POST', body: {} });

/** POST /v1/my/cancellation {code}: starts the cooling-off; the server signs every session out, so this browser forgets the member. */
export async function requestCancellation(code: string): Promise<CancellationState> {
  const state = await api<CancellationState>('/v1/my/cancellation', { method: 'POST', body: { code } });
  clearMember();
  return state;
}

/** POST /v1/my/data_export: asks for a copy of the member's data (one a day). */
export const requestDataExport = () => api<DataExportState>('/v1/my/data_export', { method: 'POST', body: {} });
