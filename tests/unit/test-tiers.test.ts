import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { postgresMissingUnderCi, underCi } from '../support/postgres-admin.ts';

interface Project {
  test: { name: string; setupFiles?: string[] };
}

describe('the test tiers', () => {
  it('every vitest tier fails on a console.error it did not expect', () => {
    // Given the tiers vitest runs
    const projects = (config.test?.projects ?? []) as Project[];
    expect(projects.map((project) => project.test.name)).toEqual(['unit', 'integration', 'fault']);
    // Then each loads the guard that turns an unexpected console.error into a failure
    for (const { test } of projects)
      expect(test.setupFiles, test.name).toContain('tests/support/fail-on-console-error.ts');
  });

  it('under CI, no PostgreSQL is a failure, never a skip; elsewhere the PostgreSQL-only tests may skip', () => {
    // Given CI without a server, then the run is refused, saying what to set
    expect(postgresMissingUnderCi({ CI: 'true' })).toMatch(
      /^CI is set but no PostgreSQL was found \(set TEST_DATABASE_URL/,
    );
    expect(postgresMissingUnderCi({ CI: '1' })).toBeDefined();
    // Given CI with a server, or no CI at all, then nothing is missing
    expect(
      postgresMissingUnderCi({ CI: 'true', TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }),
    ).toBeUndefined();
    for (const env of [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }]) {
      expect(postgresMissingUnderCi(env), JSON.stringify(env)).toBeUndefined();
      expect(underCi(env), JSON.stringify(env)).toBe(false);
    }
  });
});
