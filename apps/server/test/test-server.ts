import pg from 'pg';

/**
 * Runs one statement on TEST_DATABASE_URL's own database: creating and dropping the tests' databases
 * (helpers.ts's, multi-process.test.ts's). A module of its own, so a test needing only this does not
 * load the app with helpers.ts.
 */
export async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
