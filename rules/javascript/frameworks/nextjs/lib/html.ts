export function previewDocument(title: string): string {
  return `<!doctype html><title>${title}</title><h1>${title}</h1>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
