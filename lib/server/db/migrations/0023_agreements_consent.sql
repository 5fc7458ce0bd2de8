CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_kind_check" CHECK ("agreements"."kind" in ('user', 'privacy')),
	CONSTRAINT "agreements_version_check" CHECK ("agreements"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"channel" varchar(16) NOT NULL,
	"ip" varchar(64),
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_consents_channel_check" CHECK ("member_consents"."channel" in ('sms', 'guest', 'oauth', 'wechat', 're-consent'))
);
--> statement-breakpoint
CREATE TABLE "member_privacy_settings" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"personalized" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consents" ADD CONSTRAINT "member_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_privacy_settings" ADD CONSTRAINT "member_privacy_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_kind_version_idx" ON "agreements" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "member_consents_member_kind_version_idx" ON "member_consents" USING btree ("member_id","kind","version");--> statement-breakpoint
CREATE INDEX "member_consents_member_idx" ON "member_consents" USING btree ("member_id","agreed_at");--> statement-breakpoint
-- The template 用户协议 and 隐私政策 the repository ships as version 1 (docs/agreements.md "Templates"): the operator
-- reviews them and publishes their own text as version 2 in the console before opening to the public.
INSERT INTO "agreements" ("kind", "version", "title", "body", "effective_at") VALUES
('user', 1, '书声用户协议', $tpl$欢迎使用书声。本协议是您与书声运营者之间就使用书声阅读与听书服务所订立的协议。请您在注册、登录前仔细阅读本协议，特别是以加粗或其他方式提示的免除或限制责任的条款。您勾选同意并登录，即表示您已阅读并同意本协议。

一、账号
1. 您可以使用手机号验证码、游客身份或第三方账号登录书声。手机号是您找回账号和保护资产的依据，请妥善保管。
2. 游客账号仅与当前设备关联，清除浏览器数据或更换设备可能导致游客账号无法找回；绑定手机号后方可长期保存。
3. 您不得出借、转让或出售账号，不得冒用他人身份注册或登录。

二、服务内容
1. 书声提供连载小说的在线阅读、听书（文字转语音朗读）、书架、评论等服务。部分章节需要使用书币或会员权益解锁。
2. 书币通过充值获得，仅可用于书声内的付费内容和服务，不可兑换为现金，不可在账号之间转让。赠送的书券有有效期，过期作废。
3. 已解锁的章节在账号有效期间可反复阅读；因版权方原因下架的作品，已购章节的处理以页面公示为准。

三、未成年人
未满十八周岁的用户应在监护人的陪同和同意下使用本服务；付费需经监护人同意，并受单笔及每月限额约束。

四、用户行为规范
您发表评论、书评等内容时，应遵守法律法规和公序良俗，不得发布违法、侵权、骚扰或广告信息。书声有权对违规内容进行处理，并视情节限制或封禁账号。

五、知识产权
书声中的作品、朗读音频、界面设计等受著作权法保护。未经许可，您不得复制、传播、下载后再分发或用于商业用途。

六、个人信息保护
我们按照《书声隐私政策》收集和使用您的个人信息。

七、协议的变更
本协议更新后，我们会在您下次访问时提示您阅读并同意新版本；您不同意的，可以停止使用并注销账号。

八、争议解决
本协议适用中华人民共和国法律。因本协议产生的争议，双方应协商解决；协商不成的，可向运营者所在地有管辖权的人民法院提起诉讼。$tpl$, now()),
('privacy', 1, '书声隐私政策', $tpl$书声运营者（以下简称“我们”）重视您的个人信息保护。本政策说明我们如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。请您在登录前仔细阅读。

一、我们收集的信息
1. 登录信息：手机号（手机号登录）、设备标识（游客登录）、第三方平台提供的标识和昵称头像（第三方登录）。
2. 使用信息：阅读和收听记录、书架、购买和充值记录、评论与举报内容。
3. 设备与日志信息：IP 地址、浏览器类型、访问时间，用于安全防护和故障排查。
4. 您主动提供的信息：出生日期、监护人同意记录，用于未成年人保护。

二、我们如何使用信息
1. 提供阅读、听书、书架、购买等服务，记住您的阅读进度。
2. 保障账号和交易安全，防范刷量、盗号和欺诈。
3. 个性化推荐：根据您的付费和活动情况决定向您展示的推荐和广告内容。您可以在“我的 → 设置与帮助”中关闭个性化推荐，关闭后您看到的是面向所有用户的相同内容。

三、共享、转让与公开披露
我们不会出售您的个人信息。仅在以下情形向第三方提供必要信息：完成支付时向支付机构提供订单信息；发送验证码时向短信服务商提供手机号；法律法规要求时向有关机关提供。

四、存储
您的个人信息存储于中华人民共和国境内，保存期限为实现处理目的所必需的最短时间；账号注销后，我们将删除或匿名化处理您的个人信息，法律法规另有规定的除外。

五、您的权利
您可以查阅、复制、更正您的个人信息，撤回同意，注销账号。您可以通过“我的”页面或联系客服行使上述权利。

六、未成年人保护
我们按照《未成年人保护法》开展未成年人保护工作。未满十四周岁的儿童须在监护人同意后使用本服务。

七、政策更新
本政策更新后，我们会在您下次访问时提示您阅读并同意新版本。

八、联系我们
如对本政策有任何疑问，请通过“我的 → 举报反馈”联系我们。$tpl$, now());
