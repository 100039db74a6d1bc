import { createLogPage } from '../shared/LogPage';

/** The usual log (/api/blade-log/usual): read-only, administrators only. */
const UsualLogPage = createLogPage('usual');
export default UsualLogPage;
