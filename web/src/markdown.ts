// Remediation texts are short markdown: paragraphs, `code`, **bold**, [links](https://…)
// and "- " lists. Rendered into DOM nodes, never through innerHTML, so a rule's text
// (or a finding stored by another version) cannot inject markup.

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

function inline(text: string): Node[] {
  const nodes: Node[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) nodes.push(document.createTextNode(text.slice(at, match.index)));
    const [, code, bold, label, href] = match;
    let node: HTMLElement;
    if (code !== undefined) {
      node = document.createElement('code');
      node.textContent = code;
    } else if (bold !== undefined) {
      node = document.createElement('strong');
      node.textContent = bold;
    } else {
      node = document.createElement('a');
      node.textContent = label;
      node.setAttribute('href', href);
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('target', '_blank');
    }
    nodes.push(node);
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

export function renderMarkdown(text: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'markdown';
  for (const block of text.trim().split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.length > 0 && lines.every((l) => /^[-*] /.test(l))) {
      const list = document.createElement('ul');
      for (const line of lines) {
        const item = document.createElement('li');
        item.append(...inline(line.slice(2)));
        list.append(item);
      }
      root.append(list);
    } else if (lines.length > 0) {
      const paragraph = document.createElement('p');
      paragraph.append(...inline(lines.join(' ')));
      root.append(paragraph);
    }
  }
  return root;
}
