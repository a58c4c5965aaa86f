// The portal proper: the generic engine, booted with this product's configuration and modules.
// Loaded by main.ts.
import config from 'virtual:engine-config';
import { boot } from './engine/react/boot.tsx';
import { productModules } from './flows/registry.ts';
import { operations } from './generated/operations.ts';

void boot({ config, modules: productModules, operations: operations as never, element: document.getElementById('root')! });
