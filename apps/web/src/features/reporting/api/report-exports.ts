import {
  type CreateReportExportRequest,
  type ReportExport,
  ReportExportResponseSchema,
  type ReportName,
} from '@rally/shared';
import { api } from '../../../lib/api-client';
import { downloadBlob, saveBlob } from '../../../lib/download';

/** POST /api/admin/reports/{report}/exports: starts an export (a background job on the server). */
export const startReportExport = async (report: ReportName, body: CreateReportExportRequest) =>
  (await api.post(`/api/admin/reports/${report}/exports`, body, { schema: ReportExportResponseSchema }))
    .export;

/** GET /api/admin/reports/{report}/exports/{id}: where the export is. */
export const getReportExport = async (report: ReportName, id: string): Promise<ReportExport> =>
  (await api.get(`/api/admin/reports/${report}/exports/${id}`, { schema: ReportExportResponseSchema }))
    .export;

/** The finished file as a blob (SPEC 7), with the bearer token like every call; a failure throws the message. */
export const downloadReportFile = (url: string): Promise<Blob> => downloadBlob(url);

export { saveBlob };
