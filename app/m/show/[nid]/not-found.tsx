// The same "this book does not exist" page as /m/novels/{id}.
export { default } from '../../novels/[id]/not-found';
