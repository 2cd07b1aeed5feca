CREATE TABLE "release_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"channel" text NOT NULL,
	"visitor" text NOT NULL,
	"outcome" text NOT NULL,
	"stage" text,
	"message" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_reports_remote_check" CHECK ("release_reports"."remote" in ('marketing', 'marketplace', 'account', 'checkout')),
	CONSTRAINT "release_reports_channel_check" CHECK ("release_reports"."channel" in ('live', 'canary', 'preview')),
	CONSTRAINT "release_reports_outcome_check" CHECK ("release_reports"."outcome" in ('loaded', 'failed')),
	CONSTRAINT "release_reports_stage_check" CHECK (("release_reports"."outcome" = 'failed') = ("release_reports"."stage" is not null) and ("release_reports"."stage" is null or "release_reports"."stage" in ('load', 'render')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "release_reports_visitor_outcome_key" ON "release_reports" USING btree ("remote","version","visitor","outcome");