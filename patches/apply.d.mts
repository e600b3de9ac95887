// Types of patches/apply.mjs for the TypeScript that imports it (tests, bench).
export interface Patch {
  id: string;
  package: string;
  version: string;
  find: string;
  replace: string;
}
export class PatchError extends Error {}
export function locate(patch: Patch, nodeModules?: string): { state: 'applied' | 'original'; file: string };
export function setPatch(patch: Patch, applied: boolean, nodeModules?: string): boolean;
export function patchById(id: string): Patch;
