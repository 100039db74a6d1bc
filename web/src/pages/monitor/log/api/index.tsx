import { createLogPage } from '../shared/LogPage';

/** The api log (/api/blade-log/api): read-only, administrators only. */
const ApiLogPage = createLogPage('api');
export default ApiLogPage;
