import Link from 'next/link';

export default function NovelNotFound() {
  return (
    <div className="page center-page">
      <h1 className="page-title">这本书不存在</h1>
      <p className="muted">可能链接有误，或作品已被删除。</p>
      <Link className="button button-primary" href="/m">
        去首页看看
      </Link>
    </div>
  );
}
