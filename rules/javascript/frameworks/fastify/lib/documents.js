import path from 'node:path';

export function titleBanner(title) {
  return `<header><h1>${title}</h1></header>`;
}

export function storagePath(id) {
  return path.join('/srv/documents', id);
}
