/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Seconds of token age before the session refreshes it (website.tokenTime); browser tests build with 5. */
  readonly VITE_TOKEN_TIME?: string;
  /** 'true': sign-in asks for the tenant's code (website.tenantMode); the tenancy browser test builds with it. */
  readonly VITE_TENANT_MODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
