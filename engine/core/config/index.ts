// Configuration loading, meta-schema validation and cross-checks.
export { loadProject, type Project, type Collection } from './load.ts';
export { formatProblem, formatPath, sortProblems, type Problem, type PathSegment } from './problem.ts';
export { parseSource, type SourceDoc, type Location } from './source.ts';
export { readConfigFile, readConfigData, fragmentDirOf, FRAGMENT_DIRS } from './read-config.ts';
export { expandFragments, fragmentLibrary, type Fragment, type FragmentLibrary } from './fragments.ts';
export { validateProject, metaValidators } from './validate.ts';
export { checkProject, type CheckNames } from './check.ts';
