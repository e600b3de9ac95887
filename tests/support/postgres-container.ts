import { existsSync } from 'node:fs';

const IMAGE = 'postgres:16-alpine';

export interface PostgresContainer {
  url: string;
  image: string;
  stop(): Promise<void>;
}

/** A Docker engine answers here: DOCKER_HOST, or the usual socket. */
function dockerConfigured(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

/**
 * Starts PostgreSQL in a container with testcontainers when a Docker engine is reachable; resolves to
 * undefined without one (the tests then run on PGlite alone). testcontainers is loaded only then.
 */
export async function startPostgresContainer(): Promise<PostgresContainer | undefined> {
  if (!dockerConfigured()) return undefined;
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  try {
    const started = await new PostgreSqlContainer(IMAGE)
      .withDatabase('test')
      .withUsername('postgres')
      .withPassword('postgres')
      .start();
    return { url: started.getConnectionUri(), image: IMAGE, stop: async () => void (await started.stop()) };
  } catch (error) {
    console.warn(
      `testcontainers could not start ${IMAGE} (${error instanceof Error ? error.message : String(error)}): PGlite only`,
    );
    return undefined;
  }
}
