CREATE TABLE "member_coin_months" (
	"member_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"coins" bigint NOT NULL,
	CONSTRAINT "member_coin_months_member_id_month_pk" PRIMARY KEY("member_id","month"),
	CONSTRAINT "member_coin_months_coins_ck" CHECK ("member_coin_months"."coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_coin_months" ADD CONSTRAINT "member_coin_months_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The months spent before this table: the ledger's coin spends, marked with their month (docs/gifts-votes.md "Vote tickets").
INSERT INTO "member_coin_months" ("member_id", "month", "coins")
SELECT a.member_id, t.meta->>'coin_month', sum(-e.amount) FROM ledger_entries e
  JOIN wallet_accounts a ON a.id = e.account_id AND a.currency = 'welth' AND a.member_id IS NOT NULL
  JOIN ledger_transactions t ON t.id = e.tx_id
  WHERE e.amount < 0 AND t.meta ? 'coin_month'
  GROUP BY 1, 2;
