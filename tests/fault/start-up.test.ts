import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BACKENDS, freshTarget, runCli } from './fault-support.ts';

describe.each(BACKENDS)('a shop that cannot start, on %s', (backend) => {
  it('exits 1 with one line when its port is taken, and leaves the database to the next process', async () => {
    const target = await freshTarget(backend);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const serve = await runCli([...target.globals, 'serve', '--host', '127.0.0.1', '--port', String(port)]);
      expect(serve.code).toBe(1);
      expect(serve.stderr.trim().split('\n').at(-1)).toMatch(/^dino-shop: .*EADDRINUSE/);
      expect(serve.ms).toBeLessThan(15_000);
      // On PGlite the directory's lock went with the process.
      const list = await runCli([...target.globals, 'carts', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
    } finally {
      taken.close();
      await target.drop();
    }
  });
});
