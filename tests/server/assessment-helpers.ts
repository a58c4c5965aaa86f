// For suites that set balances themselves and move the clock past the demo's assessment dates:
// the demo's schedules would otherwise post their monthly charges on the way (see
// assessments.test.ts for those).
import type { Db } from '../../server/db/index.ts';

/** Ends every assessment schedule: nothing more is posted. */
export async function endAssessmentSchedules(db: Db): Promise<void> {
  await db.query('UPDATE assessment_schedules SET next_charge_date = NULL');
}
