CREATE TABLE "invitations_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	CONSTRAINT "invitations_staff_role" CHECK ("role" in ('admin', 'gestionnaire')),
	CONSTRAINT "invitations_staff_email_lower" CHECK ("email" = lower("email") and length("email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "invitations_staff" ADD CONSTRAINT "invitations_staff_invited_by_clients_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations_staff" ADD CONSTRAINT "invitations_staff_accepted_by_clients_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_staff_pending_email_key" ON "invitations_staff" USING btree ("email") WHERE "accepted_at" is null;
