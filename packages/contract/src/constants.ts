/** Page sizes the console offers; the server accepts any size from 1 to MAX_PAGE_SIZE. */
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;

/** The platform tenant: its administrator manages every platform-wide table. */
export const PLATFORM_TENANT_ID = '000000';

/** Root parent id of trees (menus, departments, dictionaries). */
export const ROOT_PARENT_ID = '0';

export const HEADER_TOKEN = 'Blade-Auth';
export const HEADER_TENANT = 'Tenant-Id';
export const HEADER_DEPT = 'Dept-Id';
export const HEADER_ROLE = 'Role-Id';
export const HEADER_CAPTCHA_KEY = 'Captcha-Key';
export const HEADER_CAPTCHA_CODE = 'Captcha-Code';

/** Menu categories: a page in the sidebar, or a button (permission flag). */
export const MENU_CATEGORY = { MENU: 1, BUTTON: 2 } as const;
/** isOpen 2: the menu opens in a new window. */
export const MENU_OPEN = { SAME_WINDOW: 1, NEW_WINDOW: 2 } as const;

/** The request timeout of the console (spec §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
