/** A member's latest cancellation request (docs/account-cancellation.md "API"). Times are ISO instants. */
export interface CancellationState {
  status: 'pending' | 'withdrawn' | 'completed';
  requested_at: string;
  due_at: string;
  withdrawn_at: string | null;
  completed_at: string | null;
}

/** One data export as the member sees it (docs/account-cancellation.md "Data export"). */
export interface DataExportState {
  id: number;
  status: 'pending' | 'ready' | 'downloaded' | 'expired' | 'failed';
  requested_at: string;
  ready_at: string | null;
  expires_at: string | null;
  bytes: number | null;
}

/** A short-lived signed link to download a ready export once. */
export interface DataExportLink {
  url: string;
  expires_at: string;
}
