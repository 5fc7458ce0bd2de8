/**
 * For tests that run on PGlite whatever the run's database (scripts started on a temporary PGlite directory, an
 * empty in-memory database): the PostgreSQL pass of `npm test` skips them rather than repeat the same work
 * (docs/development.md "Test databases").
 */
export const describePgliteOnly: jest.Describe = process.env.TEST_DATABASE_URL ? describe.skip : describe;
