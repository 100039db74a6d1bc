/// <reference types="vite/client" />

// The console reads no VITE_* variables of its own: what varies by installation comes from the
// server when the console starts (web/src/config/website.ts).
