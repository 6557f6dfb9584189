import { z } from 'zod';
import { clientShopCalendar } from '#client/lib/shop-calendar.ts';
import { scheduleDropOffSchema } from '#domain/admin-estimates.ts';
import { closedDayProblem, DROP_OFF_DATE_PAST, dropOffProblem } from '#domain/drop-off-slots.ts';

/** What the scheduling form holds, as typed. */
export interface ScheduleFormValues {
  date: string;
  slot: string;
  instructions: string;
}

/** The server's rules field by field, plus the posted hours and "not over yet" on the shop's clock (the server checks them again). */
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
    const problem = dropOffProblem(values.date, values.slot, new Date(), clientShopCalendar);
    if (!problem) return;
    const aboutDay =
      problem === DROP_OFF_DATE_PAST || problem === closedDayProblem(values.date, clientShopCalendar);
    ctx.addIssue({ code: 'custom', path: [aboutDay ? 'date' : 'slot'], message: problem });
  });

export const emptySchedule: ScheduleFormValues = { date: '', slot: '', instructions: '' };
