CREATE TABLE "web_vital_buckets" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_vital_buckets_day_metric_bucket_pk" PRIMARY KEY("day","metric","bucket")
);
