import { createLogPage } from '../shared/LogPage';

/** The error log (/api/blade-log/error): read-only, administrators only. */
const ErrorLogPage = createLogPage('error');
export default ErrorLogPage;
