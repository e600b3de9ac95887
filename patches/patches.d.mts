// Types of patches/patches.mjs for the TypeScript that imports it.
import type { Patch } from './apply.d.mts';
export declare const patches: Patch[];
