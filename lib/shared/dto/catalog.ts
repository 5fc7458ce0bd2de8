export interface CatalogEntry {
  id: number;
  idx: number;
  title: string;
  is_free: boolean;
  price: number;
  word_count?: number;
  published_at?: string;
}

export interface CatalogPage {
  data: CatalogEntry[];
  total: number;
  hasmore: boolean;
  start: number;
  order: 'asc' | 'desc';
}
