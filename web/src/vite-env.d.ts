/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Seconds of token age before the session refreshes it (website.tokenTime); browser tests build with 5. */
  readonly VITE_TOKEN_TIME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
