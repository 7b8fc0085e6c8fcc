/// <reference types="vite/client" />

/** Injected by Vite `define` (vite.config.ts): APP_VERSION env at build time, or "dev". */
declare const __APP_VERSION__: string;
/** ISO timestamp of the build. */
declare const __BUILD_TIME__: string;
