CREATE TABLE "field_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "field_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visitor" text NOT NULL,
	"route" text NOT NULL,
	"releases" jsonb NOT NULL,
	"lcp" real,
	"inp" real,
	"cls" real,
	"fcp" real,
	"ttfb" real,
	"inp_remote" text,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_views_inp_remote_check" CHECK ("field_views"."inp_remote" is null or ("field_views"."inp_remote" ~ '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$' and char_length("field_views"."inp_remote") <= 40))
);
--> statement-breakpoint
CREATE TABLE "funnel_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funnel_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"channel" text NOT NULL,
	"visitor" text NOT NULL,
	"step" text NOT NULL,
	"reached_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_steps_remote_check" CHECK ("funnel_steps"."remote" ~ '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$' and char_length("funnel_steps"."remote") <= 40),
	CONSTRAINT "funnel_steps_channel_check" CHECK ("funnel_steps"."channel" in ('live', 'canary', 'preview')),
	CONSTRAINT "funnel_steps_step_check" CHECK ("funnel_steps"."step" in ('funnel-viewed', 'signup-started', 'signup-completed', 'checkout-opened', 'checkout-paid'))
);
--> statement-breakpoint
CREATE INDEX "field_views_received_at_idx" ON "field_views" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "field_views_releases_idx" ON "field_views" USING gin ("releases" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_steps_visitor_step_key" ON "funnel_steps" USING btree ("remote","version","visitor","step");--> statement-breakpoint
CREATE INDEX "funnel_steps_reached_at_idx" ON "funnel_steps" USING btree ("reached_at");