// In tests, server modules are imported directly; the "server-only" guard has nothing to guard.
export {};
