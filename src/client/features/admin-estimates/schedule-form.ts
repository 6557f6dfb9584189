import { z } from 'zod';
import { scheduleDropOffSchema } from '#domain/admin-estimates.ts';
import { DROP_OFF_DATE_PAST, DROP_OFF_SLOT_PAST, dropOffProblem } from '#domain/drop-off-slots.ts';

/** What the scheduling form holds, as typed. */
export interface ScheduleFormValues {
  date: string;
  slot: string;
  instructions: string;
}

/** The server's rules field by field, plus "not over yet" on the shop's clock (the server checks it again). */
export const scheduleFormSchema = z
  .object({ date: z.string(), slot: z.string(), instructions: z.string() })
  .superRefine((values, ctx) => {
    const parsed = scheduleDropOffSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return;
    }
    const problem = dropOffProblem(values.date, values.slot);
    if (problem === DROP_OFF_DATE_PAST) ctx.addIssue({ code: 'custom', path: ['date'], message: problem });
    if (problem === DROP_OFF_SLOT_PAST) ctx.addIssue({ code: 'custom', path: ['slot'], message: problem });
  });

export const emptySchedule: ScheduleFormValues = { date: '', slot: '', instructions: '' };
