// `npm test`: every test of the project, in the order that fails fastest, with one total at the end.
//   static checks (generated/ fresh, the contract valid OpenAPI, configuration, types, lint) → unit,
//   React and server suites (vitest)
//   → the browser build (demo flags on, and flags off) → browser tests (Playwright, Debian Chromium).
// The last line is `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * Runs commands at once (the machine's two cores: the type check alone takes one for most of its
 * time), each output held back and printed whole when all have ended, in the order given.
 */
async function runTogether(commands: { command: string; args: string[]; env?: Record<string, string> }[]): Promise<number[]> {
  const runs = commands.map(({ command, args, env = {} }) => new Promise<{ status: number; output: Buffer[] }>((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => { output.push(Buffer.from(`${error.message}\n`)); resolve({ status: 1, output }); });
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  }));
  const results = await Promise.all(runs);
  for (const { output } of results) process.stdout.write(Buffer.concat(output));
  return results.map(({ status }) => status);
}

function step(name: string, ok: boolean) {
  if (ok) passed += 1; else { failed += 1; failures.push(name); }
  console.log(`${ok ? '✓' : '✗'} ${name}`);
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('installing Debian chromium for the browser tests…');
  if (process.getuid?.() !== 0) {
    console.error('chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium`');
    return false;
  }
  return run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' }) === 0;
}

/** Every openapi/*.yaml passes `redocly lint` (the recommended rules, as redocly.yaml sets them): any error fails. */
function contractLint() {
  const files = readdirSync(join(root, 'openapi')).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => `openapi/${f}`);
  // With no file at all the check fails rather than passing on nothing.
  return files.length > 0
    ? { command: 'redocly', args: ['lint', '--format=stylish', ...files], env: { REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }
    : { command: 'node', args: ['-e', 'console.error("openapi/ holds no contract"); process.exit(1)'] };
}

// Static checks, at once: each counts as one test.
const staticChecks = [
  // generated/ must be exactly what `npm run generate` makes from openapi/ (nothing is written).
  { name: 'generated/ matches openapi/', command: 'node', args: ['scripts/generate.ts', '--check'] },
  { name: 'openapi/ is valid OpenAPI (redocly lint)', ...contractLint() },
  { name: 'configuration check (npm run check)', command: 'node', args: ['engine/cli/check.ts'] },
  { name: 'type check (tsc --noEmit)', command: 'tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint (eslint)', command: 'eslint', args: ['.', '--max-warnings', '0'] },
];
const staticStatuses = await runTogether(staticChecks);
staticChecks.forEach((check, index) => step(check.name, staticStatuses[index] === 0));

interface VitestReport {
  numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; success: boolean; numFailedTestSuites: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

/** The failed tests by file and name, so that the last lines of a long run say what to look at. */
function failedVitestTests(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => file.assertionResults
    .filter((test) => test.status === 'failed')
    .map((test) => `${file.name.replace(`${root}/`, '')} › ${test.fullName}`));
}

// Unit, React and server suites.
const vitestReport = join(tmp, 'vitest-report.json');
rmSync(vitestReport, { force: true });
run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numFailedTests === 0 && !report.success ? Math.max(1, report.numFailedTestSuites) : 0);
  if (!report.success) failures.push(`vitest suites (${failedVitestTests(report).join('; ') || 'a suite did not load'})`);
} else {
  step('vitest ran', false);
}

// Browser build and tests.
const haveChromium = ensureChromium();
step('Debian chromium available', haveChromium);
// Both builds at once: each leaves a core idle for much of its time.
const [buildStatus, buildOffStatus] = await runTogether([
  { command: 'node', args: ['scripts/build.ts'], env: { PORTAL_FEATURES: 'all' } },
  { command: 'node', args: ['scripts/build.ts'], env: { PORTAL_FEATURES: 'none', PORTAL_OUT_DIR: '.tmp/dist-flags-off' } },
]);
const built = buildStatus === 0;
step('browser build (demo flags on)', built);
step('browser build (flags off)', buildOffStatus === 0);
if (haveChromium && built) {
  const playwrightReport = join(tmp, 'playwright-report.json');
  rmSync(playwrightReport, { force: true });
  run('playwright', ['test']);
  if (existsSync(playwrightReport)) {
    const report = JSON.parse(readFileSync(playwrightReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] };
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
    if (report.stats.unexpected || report.errors?.length) failures.push('browser tests');
  } else {
    step('playwright ran', false);
  }
}

if (failures.length) console.log(`\nfailed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
