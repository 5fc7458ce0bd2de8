import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { REPORT_REASONS } from '@/lib/shared/report-reasons';

interface Reasons {
  data: { value: string; label: string }[];
}

// GET /v1/reports/reasons — the fixed list of report reasons.
export const GET = withApi<Reasons>(async () => ({ data: REPORT_REASONS.map((r) => ({ value: r.value, label: r.label })) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
