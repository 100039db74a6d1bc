import { ROOT_PARENT_ID } from '@console/contract';
import type { QueryParams } from '../../../api/request';

/**
 * The filters of a lazy menu list (menu page, scope pages): without a search the table starts at
 * the top level; a search lists matches at every level (as Saber does).
 */
export function menuLevel(filters: QueryParams): QueryParams {
  const searching = Object.values(filters).some((value) => value !== undefined && value !== '');
  return searching ? filters : { ...filters, parentId: ROOT_PARENT_ID };
}
