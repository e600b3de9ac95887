import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BENCH_ROOT } from './bench-run.ts';
import { type Child, LOAD_CORE, freePort, start, waitForHttp } from './process.ts';

/** The request header that names the instance a request goes to (0-based), set by the load generator. */
export const INSTANCE_HEADER = 'x-bench-instance';

/** Why haproxy cannot run here, or undefined when it can. */
export function haproxyUnavailable(): string | undefined {
  return spawnSync('haproxy', ['-v']).status === 0
    ? undefined
    : 'haproxy is not installed (apt-get install -y haproxy)';
}

/**
 * haproxy in front of the instances, on the load core: HTTP mode, keep-alive on both sides, each request
 * routed to the instance its INSTANCE_HEADER names; one without (a journey, the carts made ahead) goes
 * to the instance with the fewest requests in flight, as deploy/haproxy.cfg balances.
 */
export async function startHaproxy(origins: readonly string[]): Promise<{ child: Child; origin: string }> {
  const port = await freePort();
  const servers = origins.map((o, i) => `  server s${i} ${new URL(o).host} maxconn 200`);
  const routes = origins.map((_, i) => `  use-server s${i} if { req.hdr(${INSTANCE_HEADER}) -m str ${i} }`);
  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option http-keep-alive',
    '  http-reuse always',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  default_backend shops',
    'backend shops',
    '  balance leastconn',
    ...routes,
    ...servers,
    '',
  ].join('\n');
  const file = path.join(BENCH_ROOT, `haproxy-${port}.cfg`);
  await writeFile(file, config);
  const child = start('haproxy', ['-db', '-f', file], { core: LOAD_CORE });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/categories`, child, 20_000);
  return { child, origin };
}
