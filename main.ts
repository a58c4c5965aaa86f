// The portal's entry: the generic engine, booted with this product's configuration.
import config from 'virtual:engine-config';
import { boot } from './engine/react/boot.tsx';
import { flowRegistry } from './flows/registry.ts';
import { operations } from './generated/operations.ts';
import './engine/react/theme/base.css';

boot({ config, flows: flowRegistry, operations: operations as never, element: document.getElementById('root')! });
