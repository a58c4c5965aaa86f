// The lazily fetched configuration chunks widgets render from, each fetched at most once: shared by
// the widgets and by the preloading of a first screen (first-screen.ts).
import { formLoaders } from 'virtual:engine-forms';
import { flowLoaders } from 'virtual:engine-flows';
import { contentLoaders } from 'virtual:engine-content';
import type { FlowDocument } from '../../core/flow/types.ts';
import { chunkCache } from './chunk-cache.ts';
import { apartLoader } from './apart.ts';

/** A form of schemas/forms/: its document, precompiled validator and rule conditions. */
export const loadForm = chunkCache(formLoaders, 'form', (module) => module, (id) => apartLoader('forms', id));

/** A machine of flows/, fetched with the first screen that runs it. */
export const loadFlow = chunkCache(flowLoaders, 'flow', (module): FlowDocument => module.default, (id) => apartLoader('flows', id));

/** A long text of schemas/content/ (Markdown). */
export const loadContent = chunkCache(contentLoaders, 'content', (module): string => module.default, (id) => apartLoader('content', id));
