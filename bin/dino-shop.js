#!/usr/bin/env node
// The installed entry point: registers tsx so the TypeScript CLI runs as it is in the repository.
import { register } from 'tsx/esm/api';

register();
await import('../cli/index.ts');
