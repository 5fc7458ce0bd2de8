// Server tests provoke errors on purpose; keep their expected log lines out of the report.
process.env.LOG_LEVEL ??= 'silent';
process.env.APP_SECRET ??= 'test-secret-not-for-production';
// Staff password hashes at a low scrypt cost (lib/server/staff/password.ts); the real cost is checked in staff.test.ts.
process.env.STAFF_SCRYPT_TEST_N ??= '1024';
