// Types for precompress.mjs.
import type { Plugin } from 'vite';
export function precompressFolder(dir: string): void;
export function precompress(): Plugin;
