// The engine's shells, one definition module each, by the name a layout's `shell` in routes.yaml uses.
import type { ShellDefinition } from '../../../core/registry.ts';
import type { ShellComponent } from '../../component-types.ts';
import bare from './bare.shell.ts';
import express from './express.shell.ts';
import portal from './portal.shell.ts';
import publicShell from './public.shell.ts';

export const builtinShells: readonly ShellDefinition<ShellComponent>[] = [portal, publicShell, bare, express];
