// The portal proper: the generic engine, booted with this product's configuration and modules.
// Loaded by main.ts.
import config from 'virtual:engine-config';
import { boot } from './engine/react/boot.tsx';
import { productModules } from './flows/registry.ts';
import { operations } from 'virtual:engine-operations';

void boot({ config, modules: productModules, operations, element: document.getElementById('root')! });
