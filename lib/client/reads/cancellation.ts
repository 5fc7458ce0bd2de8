import type { DataExportLink, DataExportState } from '@/lib/shared/dto/cancellation';
import { api } from '../api';

/** GET /v1/my/data_export: the latest export and, when ready, a fresh 10-minute download link (the 刷新 button). */
export const fetchDataExport = () => api<{ export: DataExportState | null; link: DataExportLink | null }>('/v1/my/data_export');
