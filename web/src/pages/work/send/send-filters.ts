import type { QueryParams } from '../../../api/request';
import { renameFilters } from '../../flow/shared/filters';

/**
 * The search's filters under the server's names: the rows say `processDefinitionKey` and `status`,
 * the instance table filters `processKey` and `runState`.
 */
export const sendFilters = (filters: QueryParams): QueryParams =>
  renameFilters(filters, { processDefinitionKey: 'processKey', status: 'runState' });
