import { describe, expect, it } from 'vitest';
import { serverForTests } from './fault-support.ts';

/** The lines a pino logger wrote as JSON, parsed (other lines are skipped). */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the shop as `npm start` runs it', () => {
  const shop = serverForTests('pglite');

  it('renders with the production build of React when NODE_ENV is unset (development React is several times slower)', async () => {
    expect((await fetch(`${shop.server.url}/`)).status).toBe(200);
    const start = logLines(shop.server.output()).find((line) => typeof line.msg === 'string' && line.msg.startsWith('storefront:'));
    expect(start).toMatchObject({ msg: 'storefront: production build', nodeEnv: 'production' });
  });
});
