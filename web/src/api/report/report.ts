import type { Page, Report, ReportDataSet, ReportInput, ReportResult, ReportRun } from '@console/contract';
import { download, type DownloadedFile, type DownloadOptions } from '../files';
import { get, post, type QueryParams, type RequestOptions } from '../request';
import { crudResource } from '../resource';

// Reports (报表管理 › 报表列表, issue 19): stored definitions over the server's data sets, their runs
// (a page of rows, subtotals, the grand total and the chart) and their export as a file.

const BASE = '/api/blade-report/report';

export const { detail, submit, remove } = crudResource<Report, ReportInput>(BASE);

/** A page of definitions: the report service lists at `rest/list`, not `list`. */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Report>> {
  return get<Page<Report>>(`${BASE}/rest/list`, { ...filters, current, size });
}

/** The data sets a definition may use, with their fields and what each field may do. */
export function dataSets(): Promise<ReportDataSet[]> {
  return get<ReportDataSet[]>(`${BASE}/data-sets`);
}

/**
 * A run: a stored report (`id`) or the definition being designed (`dataSet`, `definition`), with the
 * viewer's filter values by the filter's index and a page. `quiet` leaves the error toast out for a
 * caller that shows the server's message in place (the designer's preview).
 */
export function run(body: ReportRun, options: RequestOptions = {}): Promise<ReportResult> {
  return post<ReportResult>(`${BASE}/run`, body, options);
}

export type ReportFormat = 'xlsx' | 'csv';
export type ReportFilterValue = string | number | null;

/** Every row of a stored report as a file, under the filter values the viewer set. */
export function exportFile(
  id: string,
  format: ReportFormat,
  values: readonly ReportFilterValue[],
  options?: DownloadOptions,
): Promise<DownloadedFile> {
  return download(`${BASE}/export`, { id, format, values: JSON.stringify(values) }, options);
}
