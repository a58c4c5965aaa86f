// Cross-checks between the project's files (item by item in the check-*.ts modules).
import { CheckContext, type CheckNames } from './context.ts';
import { checkErrorRules } from './check-errors.ts';
import { checkForms } from './check-forms.ts';
import { checkFlows, checkGrids, checkScreens, operationIndex } from './check-refs.ts';
import { checkNavigation, checkRedirects, checkRoutes } from './check-routes.ts';
import { checkThemes } from './check-themes.ts';
import type { Project } from './load.ts';
import type { Problem } from './problem.ts';

export type { CheckNames } from './context.ts';

export function checkProject(project: Project, names: CheckNames): Problem[] {
  const ctx = new CheckContext(project, names);
  const routes = checkRoutes(ctx);
  checkRedirects(ctx, routes);
  checkNavigation(ctx, routes);
  const operations = operationIndex(ctx);
  checkScreens(ctx, operations, routes);
  checkGrids(ctx);
  checkForms(ctx, operations);
  checkFlows(ctx, operations);
  checkThemes(ctx);
  checkErrorRules(ctx);
  return ctx.problems;
}
