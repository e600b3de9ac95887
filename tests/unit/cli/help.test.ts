import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/main.ts';
import { buildProgram } from '../../../cli/program.ts';

/** `dino-shop ...args` for commands that never reach a database: exit code and output. */
async function dinoShop(...args: string[]) {
  const out = { stdout: '', stderr: '' };
  const sink = (key: keyof typeof out) =>
    new Writable({
      write(chunk, _encoding, callback) {
        out[key] += String(chunk);
        callback();
      },
    });
  const code = await runCli(['node', 'dino-shop', ...args], { stdout: sink('stdout'), stderr: sink('stderr') });
  return { code, ...out };
}

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

describe('dino-shop --version and help', () => {
  it('--version and -V print the version in package.json', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(await dinoShop('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await dinoShop('-V')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it("a command's help lists the global options too", async () => {
    const help = await dinoShop('carts', 'list', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/\nGlobal Options:\n[\s\S]*--database-url <url>[\s\S]*--data-dir <dir>/);
  });

  it('help names a command (and subcommand); an unknown one is a one-line usage error', async () => {
    const list = await dinoShop('help', 'carts', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toMatch(/^Usage: dino-shop carts list \[options\]/);
    expect((await dinoShop('carts', 'help', 'list')).stdout).toMatch(/^Usage: dino-shop carts list /);
    expect((await dinoShop('help')).stdout).toMatch(/^Usage: dino-shop \[options\] \[command\]/);
    expect(await dinoShop('help', 'bogus')).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown command 'bogus' (see: dino-shop --help)\n",
    });
    expect(await dinoShop('help', 'carts', 'lst')).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown command 'lst' (see: dino-shop carts --help)\n",
    });
  });

  it("a usage error with commander's suggestion is still one line", async () => {
    expect(await dinoShop('carts', 'lst')).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown command 'lst' (Did you mean list?) (see: dino-shop carts --help)\n",
    });
  });
});
