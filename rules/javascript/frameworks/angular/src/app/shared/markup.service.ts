import { Injectable } from '@angular/core';

@Injectable({ providedIn: 'root' })
export class MarkupService {
  highlight(term: string): string {
    return `<mark class="term">${term}</mark>`;
  }
}
