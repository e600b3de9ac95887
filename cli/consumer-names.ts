import type { Consumer } from '../consumers/consumer.ts';
import { consumers } from '../consumers/registry.ts';
import { CliError } from './context.ts';

/** The declared consumer of that name, or a one-line error naming those there are. */
export function consumerNamed(name: string): Consumer {
  const found = consumers.find((c) => c.name === name);
  if (!found)
    throw new CliError(
      `no consumer is called "${name}"; the consumers are: ${consumers.map((c) => c.name).join(', ')}`,
    );
  return found;
}
