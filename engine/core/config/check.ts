// Cross-checks between the project's files (item by item in the check-*.ts modules).
import { CheckContext, REGISTRY_FILE, type CheckNames } from './context.ts';
import { checkApi } from './check-api.ts';
import { checkEngineMessages } from './check-engine-messages.ts';
import { checkErrorRules } from './check-errors.ts';
import { checkForms } from './check-forms.ts';
import { checkFormFields } from './check-form-fields.ts';
import { checkFormUi } from './check-form-ui.ts';
import { checkFormContracts } from './check-form-contracts.ts';
import { checkErrorRuleOperations, checkOperationBindings } from './check-operations.ts';
import { operationContracts } from './operation-contracts.ts';
import { checkFlows } from './check-flows.ts';
import { checkGrids, checkScreens, operationIndex } from './check-refs.ts';
import { checkSession } from './check-session.ts';
import { checkNavigation, checkRedirects, checkRoutes } from './check-routes.ts';
import { checkThemes } from './check-themes.ts';
import { checkWidgetProps } from './check-widgets.ts';
import { checkViewContext } from './check-view-context.ts';
import { checkMachineContext } from './check-machine-context.ts';
import { checkWidgetMessages } from './check-widget-messages.ts';
import { checkIcons } from './check-icons.ts';
import { checkViewEvents } from './check-view-events.ts';
import { checkViewStates } from './check-view-states.ts';
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
  for (const message of checkWidgetProps(ctx, { ...names.widgetProps })) ctx.problems.push({ file: REGISTRY_FILE, path: '', message });
  checkGrids(ctx);
  checkWidgetMessages(ctx);
  checkIcons(ctx);
  checkViewStates(ctx);
  checkViewEvents(ctx);
  checkViewContext(ctx);
  checkForms(ctx, operations);
  checkFormUi(ctx);
  checkFormFields(ctx);
  checkFlows(ctx, operations);
  checkMachineContext(ctx);
  checkSession(ctx);
  checkThemes(ctx);
  checkErrorRules(ctx);
  checkEngineMessages(ctx);
  const contracts = operationContracts(project);
  checkOperationBindings(ctx, contracts);
  checkFormContracts(ctx, contracts);
  checkErrorRuleOperations(ctx, contracts);
  checkApi(ctx);
  return ctx.problems;
}
