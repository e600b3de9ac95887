import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../cli/program.ts';

const everyCommand = (command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> => [
  { path, command },
  ...command.commands.flatMap((sub) => everyCommand(sub, [...path, sub.name()])),
];

describe('dino-shop --help', () => {
  it('every command and group shows examples, and names each default once', () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true } } as never;
    const missing: string[] = [];
    for (const { path, command } of everyCommand(buildProgram(io))) {
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      command.outputHelp();
      if (!/\nExamples?:\n {2}\$ dino-shop /.test(help)) missing.push(['dino-shop', ...path].join(' '));
      expect(help.replace(/\s+/g, ' ')).not.toMatch(/\(default: [^)]*\) \(default:/);
    }
    expect(missing, 'commands whose --help has no example').toEqual([]);
  });
});
