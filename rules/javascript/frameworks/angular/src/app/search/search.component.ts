import { Component, OnInit, SecurityContext } from '@angular/core';
import { ActivatedRoute } from '@angular/router';
import { DomSanitizer, SafeHtml } from '@angular/platform-browser';
import { MarkupService } from '../shared/markup.service';

@Component({
  selector: 'app-search',
  template: `
    <h1>Results for {{ term }}</h1>
    <p [innerHTML]="cleanBanner"></p>
    <p [innerHTML]="banner"></p>
  `,
})
export class SearchComponent implements OnInit {
  term = '';
  banner: SafeHtml = '';
  cleanBanner: string | null = '';

  constructor(private route: ActivatedRoute, private sanitizer: DomSanitizer, private markup: MarkupService) {}

  ngOnInit(): void {
    this.term = this.route.snapshot.queryParamMap.get('q') ?? '';
    // Angular sanitises an [innerHTML] binding itself; trusting the value turns that off.
    // ruleid: XSS
    this.banner = this.sanitizer.bypassSecurityTrustHtml(this.markup.highlight(this.term));
    // ok: XSS
    this.cleanBanner = this.sanitizer.sanitize(SecurityContext.HTML, this.markup.highlight(this.term));
  }
}
