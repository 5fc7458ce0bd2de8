export function exitOnStopSignals(beforeExit?: () => unknown, options?: { timeoutMs?: number }): void;
