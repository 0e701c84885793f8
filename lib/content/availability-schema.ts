// The studio's calendar as couples may see it (content/availability.json): the days it is booked or
// has one team left, and when the list was last updated. No client names.
import { z } from 'zod';
import { isoDate } from '@/lib/fields';

export const availabilitySchema = z
  .object({
    updated: isoDate('the day the list was last checked').meta({
      cms: {
        hint: 'Change it each time you check the list: the form says nothing of a list older than 30 days.',
      },
    }),
    dates: z
      .array(
        z.object({
          date: isoDate('a day'),
          status: z.enum(['booked', 'one-team']).meta({
            cms: { hint: '"booked": no team left that day; "one-team": one team left.' },
          }),
        }),
      )
      .default([]),
  })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.dates.forEach((entry, index) => {
      if (seen.has(entry.date))
        ctx.addIssue({
          code: 'custom',
          path: ['dates', index, 'date'],
          message: 'is listed twice',
        });
      seen.add(entry.date);
    });
  });

export type Availability = z.output<typeof availabilitySchema>;
