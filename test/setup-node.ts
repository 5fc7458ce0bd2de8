// Server tests provoke errors on purpose; keep their expected log lines out of the report.
process.env.LOG_LEVEL ??= 'silent';
process.env.APP_SECRET ??= 'test-secret-not-for-production';
