// The verification module's public API: one-time codes for any purpose, by e-mail or SMS.
export * from './verification';
