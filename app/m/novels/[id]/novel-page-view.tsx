import type { NovelDetail } from '@/lib/shared/dto/novel';
import { inCatalogueView } from '@/lib/server/core/catalogue-view';
import { Cover } from '@/components/novel/cover';
import { IntentLink } from '@/components/ui/intent-link';
import { NovelCard } from '@/components/novel/novel-card';
import { Section } from '@/components/novel/section';
import { LatestLine } from '@/components/novel/latest-line';
import { TipperStrip } from '@/components/novel/tipper-strip';
import { JsonLd } from '@/components/seo/json-ld';
import { listRelated } from '@/lib/server/catalog/discovery';
import { listCatalog } from '@/lib/server/catalog/chapters';
import { novelJsonLd } from '@/lib/server/catalog/seo';
import { listTopTippers } from '@/lib/server/wallet/tips-queries';
import { getCommentPreview } from '@/lib/server/social/comments-queries';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { formatWordCount } from '@/lib/shared/money';
import { novelListenHref } from '@/lib/shared/reader-links';
import { ContinueButton } from '@/components/shelf/continue-button';
import { ShelfButton } from './_components/shelf-button';
import { DownloadButton } from '@/components/offline/download-button';
import { ShareButton } from '@/components/novel/share-button';
import { ModalButton } from '@/components/wallet/modal-button';
import { WholeBookButton } from './_components/whole-book-button';
import { shareCardFor, shareImages } from '@/lib/server/sharing/share-images';
import { WxShare } from '@/components/share/wx-share';
import { PageBar } from '@/components/shell/page-bar';
import { VoteArea } from '@/components/novel/vote-area';
import { NovelActionBar } from '@/components/novel/novel-action-bar';
import { SiteFooter } from '@/components/shell/site-footer';

/**
 * The novel page's content, for everyone's cached page (page.tsx) and for a member in 青少年模式 rendered per request
 * (suitable/page.tsx), whose related novels come from the suitable-only catalogue (docs/minors-mode.md).
 */
export async function NovelPageView({ novel, suitableOnly }: { novel: NovelDetail; suitableOnly: boolean }) {
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  const [catalog, tippers, comments, related, shareCard] = await Promise.all([
    listCatalog(novel.id, 0, 5, 'asc', []),
    listTopTippers(novel.id, 3),
    getCommentPreview(novel.id, 3),
    inCatalogueView(suitableOnly, () => listRelated(novel.id, novel.language_type, 6)),
    shareCardFor('novel', novel.id),
  ]);
  const firstId = novel.first_article_id;
  return (
    <article className="page novel-page">
      <JsonLd data={novelJsonLd(novel)} />
      <PageBar title="作品详情" parent="/m" heading={false} />
      <header className="novel-hero">
        <Cover src={novel.thumb} tag={novel.cover_tag} width={108} height={144} eager />
        <div className="novel-hero-body" data-dir={meta.dir}>
          <h1 className="novel-hero-title" lang={meta.lang} dir={meta.dir}>
            {novel.title}
          </h1>
          <p>
            <IntentLink href={`/m/authors/${novel.author.id}`} className="author-link" lang={meta.lang} dir={meta.dir}>
              {novel.author.name}
            </IntentLink>
          </p>
          <p className="muted small">
            <bdi lang={meta.lang}>{novel.category.name}</bdi> · {novel.status === 1 ? '完结' : '连载中'} ·{' '}
            {formatWordCount(novel.word_count)} · {novel.article_count}章
          </p>
          <ul className="tag-row" aria-label="标签">
            {novel.tags.map((t) => (
              <li key={t} className="tag" lang={meta.lang}>
                {t}
              </li>
            ))}
          </ul>
        </div>
      </header>

      <div className="novel-actions">
        {novel.has_tts && firstId ? (
          <IntentLink className="button" href={novelListenHref(novel)}>
            听书
          </IntentLink>
        ) : null}
        {firstId ? <DownloadButton novelId={novel.id} startId={firstId} /> : null}
        <ShareButton novelId={novel.id} title={novel.title} />
        {shareCard ? (
          <WxShare
            path={`/m/novels/${novel.id}`}
            title={`${novel.title} - ${novel.author.name}`}
            desc={novel.summary.slice(0, 60)}
            imgPath={shareImages('novel', novel.id, shareCard).square.url}
          />
        ) : null}
        {novel.sale_mode === 'whole_book' && novel.whole_book_price ? (
          <WholeBookButton novelId={novel.id} price={novel.whole_book_price} />
        ) : null}
      </div>
      {!novel.has_tts ? <p className="muted small no-tts">本书暂不支持听书</p> : null}

      <section className="section" aria-labelledby="summary-title">
        <h2 className="section-title" id="summary-title">
          简介
        </h2>
        <p className="novel-summary-full" lang={meta.lang} dir={meta.dir}>
          {novel.summary}
        </p>
        <dl className="facts">
          <div>
            <dt>版权</dt>
            <dd>{novel.copyright_holder}</dd>
          </div>
          <div>
            <dt>责任编辑</dt>
            <dd>{novel.editor}</dd>
          </div>
          {novel.vip_free ? (
            <div>
              <dt>会员</dt>
              <dd>VIP 免费读</dd>
            </div>
          ) : null}
          {novel.sale_mode === 'whole_book' && novel.whole_book_price ? (
            <div>
              <dt>售卖</dt>
              <dd>全本购买 {novel.whole_book_price} 书币</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <Section title={`目录 · 共${novel.article_count}章`} more={`/m/novels/${novel.id}/chapters`}>
        {novel.latest_article ? (
          <LatestLine
            href={`/m/read/${novel.latest_article.id}?nid=${novel.id}`}
            title={novel.latest_article.title}
            date={novel.latest_article.published_at.slice(0, 10)}
            lang={meta.lang}
          />
        ) : null}
        <ol className="chapter-list">
          {catalog.data.map((c) => (
            <li key={c.id}>
              <IntentLink href={`/m/read/${c.id}?nid=${novel.id}`} lang={meta.lang} dir={meta.dir}>
                <span className="chapter-title">{c.title}</span>
                {c.is_free ? (
                  <span className="free-mark">免费</span>
                ) : (
                  <span className="paid-mark" aria-label="付费章节">
                    {c.price}币
                  </span>
                )}
              </IntentLink>
            </li>
          ))}
        </ol>
      </Section>

      <VoteArea novelId={novel.id} />

      <Section
        title="打赏榜"
        more={`/m/novels/${novel.id}/rewards`}
        action={
          <ModalButton modal="gift" props={{ novelId: novel.id, scene: 'novel' }} className="section-more section-tip">
            打赏
          </ModalButton>
        }
      >
        <TipperStrip novelId={novel.id} initial={tippers} />
      </Section>

      <Section
        title={`书友评论 · ${comments.count}`}
        more={`/m/novels/${novel.id}/comments`}
        action={
          <IntentLink href={`/m/novels/${novel.id}/comments#write`} className="section-more section-write">
            写评论
          </IntentLink>
        }
      >
        {comments.data.length ? (
          <ul className="comment-list">
            {comments.data.map((c) => (
              <li key={c.id}>
                <p className="comment-head">
                  <bdi>
                    <strong>{c.nickname}</strong>
                  </bdi>{' '}
                  {c.is_long_comment ? <span className="comment-tag">长评</span> : null} <span className="muted small">{c.createdat}</span>
                </p>
                <p className="comment-body" dir="auto">
                  {c.content}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">
            还没有评论，
            <IntentLink href={`/m/novels/${novel.id}/comments#write`} className="author-link">
              来抢第一个沙发吧
            </IntentLink>
          </p>
        )}
      </Section>

      {related.length ? (
        <Section title="同类推荐">
          <ul className="novel-list">
            {related.map((n) => (
              <NovelCard key={n.id} novel={n} />
            ))}
          </ul>
        </Section>
      ) : null}
      <SiteFooter />
      <NovelActionBar>
        <ShelfButton novelId={novel.id} />
        {firstId ? <ContinueButton novelId={novel.id} firstArticleId={firstId} /> : null}
      </NovelActionBar>
    </article>
  );
}
