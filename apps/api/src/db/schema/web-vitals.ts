import { date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Web-vitals samples as a histogram per UTC day and metric (decision 0029): fixed logarithmic
 * buckets 2 % wide, so a day holds at most a few hundred rows per metric whatever the traffic, and
 * the p75 is read back within 1 %.
 */
export const webVitalBuckets = pgTable(
  'web_vital_buckets',
  {
    day: date('day').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.bucket] })],
);
